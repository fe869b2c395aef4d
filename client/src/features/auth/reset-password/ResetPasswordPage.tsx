import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { emailRule, otpRule, TOAST } from '@cryptovest/common';
import { useFormik } from 'formik';
import { useSnackbar } from 'notistack';
import { useState } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate } from 'react-router';
import { object } from 'yup';
import { useServerErrors } from '../../../app/api/graphqlErrors';
import { useResendOtpMutation, useVerifyResetCodeMutation } from '../../../generated/hooks';
import { AuthCard } from '../components/AuthCard';
import { clearingCodeOnError, CodeInput } from '../components/CodeInput';
import { textFieldProps } from '../../../app/forms/textFieldProps';
import { ResendOtpButton } from '../components/ResendOtpButton';
import { markOtpSent } from '../otpCooldown';

const emailSchema = object({ email: emailRule() });
const codeSchema = object({ otp: otpRule() });

/** Step 1: the e-mail to send a reset code to. */
function EmailStep({ initialEmail, onSent }: { initialEmail: string; onSent: (email: string) => void }) {
  const { t } = useTranslation('auth');
  const [resendOtp] = useResendOtpMutation();
  const { enqueueSnackbar } = useSnackbar();
  const reportError = useServerErrors();

  const form = useFormik({
    initialValues: { email: initialEmail },
    validationSchema: emailSchema,
    onSubmit: async (values, { setFieldError }) => {
      const { email } = emailSchema.cast(values);
      try {
        await resendOtp({ variables: { email, activity: 'RESET_PASSWORD' } });
        markOtpSent(email, 'RESET_PASSWORD');
        enqueueSnackbar(t(TOAST.otpSent), { variant: 'success' });
        onSent(email);
      } catch (error) {
        reportError(error, { setFieldError, fields: ['email'] });
      }
    },
  });

  const emailField = textFieldProps(form, 'email');
  return (
    <Stack component="form" noValidate spacing={3} onSubmit={form.handleSubmit}>
      <TextField label={t('Email')} type="email" autoComplete="email" fullWidth {...emailField} />
      <Button
        type="submit"
        variant="contained"
        color="secondary"
        size="large"
        fullWidth
        disabled={!form.dirty || !form.isValid || form.isSubmitting}
      >
        {t('Send code')}
      </Button>
    </Stack>
  );
}

/** Step 2: the 4-digit code; a valid one leads to /change-password with the reset token. */
function CodeStep({ email, onChangeEmail }: { email: string; onChangeEmail: () => void }) {
  const { t } = useTranslation('auth');
  const [verifyResetCode] = useVerifyResetCodeMutation();
  const [codeFocus, setCodeFocus] = useState(0);
  const reportError = useServerErrors();
  const navigate = useNavigate();

  const form = useFormik({
    initialValues: { otp: '' },
    validationSchema: codeSchema,
    onSubmit: async ({ otp }, { setFieldError }) => {
      try {
        const { data } = await verifyResetCode({ variables: { email, otp } });
        const token = data?.verifyResetCode?.token;
        if (!token) throw new Error('verifyResetCode answered without a token');
        navigate(`/change-password?token=${encodeURIComponent(token)}`);
      } catch (error) {
        reportError(error, {
          setFieldError: clearingCodeOnError(form.setFieldValue, setFieldError, () => setCodeFocus((n) => n + 1)),
          fields: ['otp'],
        });
      }
    },
  });

  return (
    <Stack component="form" noValidate spacing={3} onSubmit={form.handleSubmit}>
      <CodeInput
        value={form.values.otp}
        onChange={(otp) => void form.setFieldValue('otp', otp)}
        error={form.submitCount > 0 ? form.errors.otp : undefined}
        focusRequest={codeFocus}
        autoFocus
      />
      <Button
        type="submit"
        variant="contained"
        color="secondary"
        size="large"
        fullWidth
        disabled={!form.dirty || !form.isValid || form.isSubmitting}
      >
        {t('Verify')}
      </Button>
      <ResendOtpButton email={email} activity="RESET_PASSWORD" />
      <Button variant="text" size="small" sx={{ alignSelf: 'center' }} onClick={onChangeEmail}>
        {t('Use a different email')}
      </Button>
    </Stack>
  );
}

/**
 * /reset-password (SPEC §2): enter the e-mail, then the 4-digit code mailed to it, then on to
 * /change-password?token=... to choose the new password.
 */
export function ResetPasswordPage() {
  const { t } = useTranslation('auth');
  const [email, setEmail] = useState<string | null>(null);
  // The e-mail typed before "Use a different email", to edit rather than retype.
  const [lastEmail, setLastEmail] = useState('');

  return (
    <AuthCard
      title={t('Reset password')}
      subtitle={
        email ? (
          <Trans
            t={t}
            i18nKey="Enter the 4-digit code we sent to <strong>{{email}}</strong>."
            values={{ email: email }}
            components={{ strong: <strong /> }}
          />
        ) : (
          t('Enter your account email and we will send you a 4-digit code.')
        )
      }
      footer={
        <Link component={RouterLink} to="/login" variant="body2">
          {t('Back to login')}
        </Link>
      }
    >
      {email ? (
        <CodeStep
          email={email}
          onChangeEmail={() => {
            setLastEmail(email);
            setEmail(null);
          }}
        />
      ) : (
        <EmailStep initialEmail={lastEmail} onSent={setEmail} />
      )}
    </AuthCard>
  );
}
