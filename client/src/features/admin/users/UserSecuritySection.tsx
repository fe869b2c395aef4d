import Typography from '@mui/material/Typography';
import { useAdminUserSecurityQuery } from '../../../generated/hooks';
import { useAdminWords } from '../components/adminWords';
import { FieldList } from '../components/FieldList';
import { RecordSection } from '../components/RecordDrawer';

/**
 * A user's second factors in their record drawer, for support ("is two-step sign-in on for this
 * investor?"): authenticator on or off, the passkeys by name and the recovery codes left; for an
 * administrator without a factor, that the back office stays closed to them until they set one up.
 */
export function UserSecuritySection({ userId }: { userId: string }) {
  const { t } = useAdminWords();
  const { data, error } = useAdminUserSecurityQuery({ variables: { userId } });
  const security = data?.adminUserSecurity;
  const hasFactor = Boolean(security && (security.totpEnabled || security.passkeys.length > 0));
  return (
    <RecordSection title={t('Sign-in security')}>
      {error && <Typography color="error">{t('This user’s sign-in security could not be loaded.')}</Typography>}
      {security && (
        <FieldList
          items={[
            { label: t('Authenticator app'), value: security.totpEnabled ? t('On') : t('Off') },
            { label: t('Passkeys'), value: security.passkeys.map((p) => p.name).join(', ') || t('None') },
            ...(hasFactor ? [{ label: t('Recovery codes left'), value: String(security.recoveryCodesLeft) }] : []),
          ]}
        />
      )}
      {security?.required && !hasFactor && (
        <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
          {t('Not set up yet: the back office stays closed to them until they set up a second factor.')}
        </Typography>
      )}
    </RecordSection>
  );
}
