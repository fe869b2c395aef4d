import Divider from '@mui/material/Divider';
import Stack from '@mui/material/Stack';
import { useTranslation } from 'react-i18next';
import { useEnrolmentRequired } from '../../app/session/enrolmentGate';
import { Loader } from '../../components/Loader';
import { RetryAlert } from '../../components/RetryAlert';
import { useMySecurityQuery } from '../../generated/hooks';
import { ApiKeysSection } from './api-keys/ApiKeysSection';
import { AuthenticatorSection } from './authenticator/AuthenticatorSection';
import { PasskeysSection } from './passkeys/PasskeysSection';
import { RecoveryCodesSection } from './recovery/RecoveryCodesSection';
import { SessionsSection } from './sessions/SessionsSection';
import { StepUpProvider } from './step-up/StepUpProvider';
import { WebhooksSection } from './webhooks/WebhooksSection';

/** Props of SecuritySettings. */
export interface SecuritySettingsProps {
  /** Administrators may give API keys the admin scopes. */
  isAdmin: boolean;
}

/**
 * Settings → Security (issue 13), the same for investors (a Settings tab) and administrators
 * (/admin/security): authenticator app, passkeys, recovery codes, sessions (issue 38), API keys,
 * webhooks (issue 36).
 * API keys and webhooks are left out while an administrator still has to set up a second factor
 * (the server refuses them until then). Changes that need a recent proof of a factor ask for it
 * in one shared dialog (step-up).
 */
export function SecuritySettings({ isAdmin }: SecuritySettingsProps) {
  const { t } = useTranslation('security');
  const query = useMySecurityQuery({ notifyOnNetworkStatusChange: false });
  const refused = useEnrolmentRequired();
  const status = query.data?.mySecurity;
  const reload = () => void query.refetch().catch(() => undefined);

  if (!status) {
    return query.error ? (
      <RetryAlert onRetry={() => query.refetch()}>{t('Could not load your security settings.')}</RetryAlert>
    ) : (
      <Loader label={t('Loading your security settings')} />
    );
  }
  const enrolled = status.totpEnabled || status.passkeys.length > 0;
  const keysAvailable = !refused && (!status.required || enrolled);
  return (
    <StepUpProvider status={status}>
      <Stack spacing={4} divider={<Divider flexItem />}>
        <AuthenticatorSection status={status} onChanged={reload} />
        <PasskeysSection status={status} onChanged={reload} />
        {enrolled && <RecoveryCodesSection status={status} onChanged={reload} />}
        {keysAvailable && <SessionsSection />}
        {keysAvailable && <ApiKeysSection isAdmin={isAdmin} />}
        {keysAvailable && <WebhooksSection isAdmin={isAdmin} />}
      </Stack>
    </StepUpProvider>
  );
}
