import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useFormik } from 'formik';
import { useMemo, useRef, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { object, string } from 'yup';
import { useServerErrors } from '../../../app/api/graphqlErrors';
import { setToken } from '../../../app/session/session';
import { textFieldProps } from '../../../app/forms/textFieldProps';
import type { StartTotpEnrolmentMutation } from '../../../generated/graphql';
import { useConfirmTotpEnrolmentMutation } from '../../../generated/hooks';
import { AUTHENTICATOR_CODE_HINT, isAuthenticatorCode, normalizeCode } from '../../../components/second-factor/codes';
import { CopyButton } from '../components/CopyButton';
import { EnrolmentCodeField, enrolmentCodeRule } from '../components/EnrolmentCodeField';
import { OneTimeCodeField } from '../../../components/second-factor/OneTimeCodeField';
import { SecretField } from '../components/SecretField';
import { useStepUp } from '../step-up/stepUp';

/** What `startTotpEnrolment` answered. */
export type TotpEnrolment = StartTotpEnrolmentMutation['startTotpEnrolment'];

/** Props of TotpSetup. */
export interface TotpSetupProps {
  enrolment: TotpEnrolment;
  /** An administrator's first factor: the one-time enrolment code is asked too. */
  needsEnrolmentCode: boolean;
  /** The app is confirmed and the new session stored: show these codes once. */
  onConfirmed: (recoveryCodes: string[]) => void;
  onCancel: () => void;
}

/** The secret in groups of four, as authenticator apps print it (they ignore the spaces). */
export function groupSecret(secret: string): string {
  return secret.replace(/(.{4})(?=.)/g, '$1 ');
}

/** One numbered step of the set-up. */
function Step({ n, title, children }: { n: number; title: string; children?: ReactNode }) {
  return (
    <Box component="li" sx={{ listStyle: 'none' }}>
      <Typography component="h3" variant="subtitle1" sx={{ fontWeight: 700, mb: 1 }}>
        {n}. {title}
      </Typography>
      {children}
    </Box>
  );
}

/**
 * Authenticator set-up (issue 13): scan the QR code (or type the key, shown in monospace with
 * Copy, or open the otpauth link on this phone), then confirm with the first code. The session
 * token the confirmation returns replaces the stored one: it is proven with the new factor,
 * which is what lets an administrator into the back office.
 */
export function TotpSetup({ enrolment, needsEnrolmentCode, onConfirmed, onCancel }: TotpSetupProps) {
  const { t } = useTranslation('security');
  const [confirm] = useConfirmTotpEnrolmentMutation();
  const reportError = useServerErrors();
  const stepUp = useStepUp();
  const codeRef = useRef<HTMLInputElement | null>(null);

  const schema = useMemo(() => {
    const code = string()
      .required(t(AUTHENTICATOR_CODE_HINT))
      .test('digits', t(AUTHENTICATOR_CODE_HINT), (value = '') => isAuthenticatorCode(value));
    return object(needsEnrolmentCode ? { code, enrolmentCode: enrolmentCodeRule(t) } : { code });
  }, [t, needsEnrolmentCode]);

  const form = useFormik({
    initialValues: { code: '', enrolmentCode: '' },
    validationSchema: schema,
    onSubmit: async ({ code, enrolmentCode }, { setFieldError }) => {
      try {
        const variables = {
          code: normalizeCode(code),
          ...(needsEnrolmentCode ? { enrolmentCode: enrolmentCode.trim() } : {}),
        };
        // The proof asked before the QR code may have lapsed meanwhile: then it is asked again.
        const result = await stepUp(() => confirm({ variables }));
        if (!result) return;
        if (!result.data) throw new Error('confirmTotpEnrolment answered without data');
        setToken(result.data.confirmTotpEnrolment.session.token);
        onConfirmed(result.data.confirmTotpEnrolment.recoveryCodes);
      } catch (error) {
        reportError(error, { setFieldError, fields: ['code', 'enrolmentCode'] });
        codeRef.current?.select();
      }
    },
  });
  const canSubmit = form.dirty && form.isValid && !form.isSubmitting;
  const field = textFieldProps(form, 'code');
  const enrolmentField = textFieldProps(form, 'enrolmentCode');

  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 }, maxWidth: 640 }}>
      <Stack component="ol" spacing={3} sx={{ m: 0, p: 0 }}>
        <Step n={1} title={t('Scan this QR code with your authenticator app')}>
          <Typography color="text.secondary" sx={{ mb: 2 }}>
            {t('For example Google Authenticator, Microsoft Authenticator, 1Password or Authy.')}
          </Typography>
          <Box
            component="img"
            src={enrolment.qrCodeDataUrl}
            alt={t('QR code to add this account to your authenticator app')}
            width={200}
            height={200}
            sx={{ display: 'block', bgcolor: '#ffffff', borderRadius: 1, p: 1, border: 1, borderColor: 'divider' }}
          />
          <Link href={enrolment.otpauthUrl} variant="body2" sx={{ display: { xs: 'inline-block', md: 'none' }, mt: 1 }}>
            {t('On this phone? Open it in your authenticator app')}
          </Link>
        </Step>
        <Step n={2} title={t('Or type this key into the app')}>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5} sx={{ alignItems: { sm: 'center' } }}>
            <SecretField label={t('Secret key')} value={groupSecret(enrolment.secret)} />
            <CopyButton text={enrolment.secret} label={t('Copy key')} sx={{ flexShrink: 0 }} />
          </Stack>
        </Step>
        <Step n={3} title={t('Enter the 6-digit code the app shows')}>
          <Stack component="form" noValidate spacing={2} onSubmit={form.handleSubmit} sx={{ maxWidth: 520 }}>
            <Box sx={{ maxWidth: 360 }}>
              <OneTimeCodeField label={t('Code from the app')} inputRef={codeRef} {...field} />
            </Box>
            {needsEnrolmentCode && <EnrolmentCodeField {...enrolmentField} />}
            <Stack direction="row" spacing={1.5}>
              <Button type="submit" variant="contained" color="secondary" disabled={!canSubmit}>
                {t('Turn on')}
              </Button>
              <Button color="inherit" onClick={onCancel}>
                {t('Cancel')}
              </Button>
            </Stack>
          </Stack>
        </Step>
      </Stack>
    </Paper>
  );
}
