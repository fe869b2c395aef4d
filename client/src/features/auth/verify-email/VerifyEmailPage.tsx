import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { msg, otpSchema } from '@cryptovest/common';
import { useFormik } from 'formik';
import { useSnackbar } from 'notistack';
import { useState } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate } from 'react-router';
import { useServerErrors } from '../../../app/api/graphqlErrors';
import { LocalizedMessage } from '../../../app/forms/LocalizedMessage';
import { landingPathFor } from '../../../app/session/session';
import { useSignIn } from '../../../app/session/signIn';
import { useVerifyEmailMutation } from '../../../generated/hooks';
import { AuthCard } from '../components/AuthCard';
import { clearingCodeOnError, CodeInput } from '../components/CodeInput';
import { ResendOtpButton } from '../components/ResendOtpButton';
import { clearPendingEmail, getPendingEmail } from '../pendingEmail';

const fieldNames = ['email', 'otp'] as const;
/** Success toast of this screen (SPEC §8 lists none for it; a catalogue key). */
const VERIFIED_TOAST = msg('email verified');

/**
 * /verify-email (SPEC §2): the 4-digit code for the e-mail remembered by register or login
 * (asked for when none is stored), a 'resend otp' action, and on success the user is signed in.
 */
export function VerifyEmailPage() {
  const { t } = useTranslation('auth');
  const [storedEmail] = useState(getPendingEmail);
  const [editingEmail, setEditingEmail] = useState(!storedEmail);
  const [codeFocus, setCodeFocus] = useState(0);
  const [verifyEmail] = useVerifyEmailMutation();
  const signIn = useSignIn();
  const { enqueueSnackbar } = useSnackbar();
  const reportError = useServerErrors();
  const navigate = useNavigate();

  const form = useFormik({
    initialValues: { email: storedEmail ?? '', otp: '' },
    validationSchema: otpSchema(),
    onSubmit: async (values, { setFieldError }) => {
      const { email, otp } = otpSchema().cast(values);
      try {
        const { data } = await verifyEmail({ variables: { email, otp } });
        const token = data?.verifyEmail?.token;
        if (!token) throw new Error('verifyEmail answered without a token');
        clearPendingEmail();
        await signIn(token);
        enqueueSnackbar(t(VERIFIED_TOAST), { variant: 'success' });
        navigate(landingPathFor(token), { replace: true });
      } catch (error) {
        reportError(error, {
          setFieldError: clearingCodeOnError(form.setFieldValue, setFieldError, () => setCodeFocus((n) => n + 1)),
          fields: fieldNames,
        });
      }
    },
  });

  const emailError = form.touched.email ? form.errors.email : undefined;
  const canSubmit = form.dirty && form.isValid && !form.isSubmitting;
  const emailField = form.getFieldProps('email');

  return (
    <AuthCard
      title={t('Verify your email')}
      subtitle={
        editingEmail ? (
          t('Enter your email and the 4-digit code we sent to it.')
        ) : (
          <Trans
            t={t}
            i18nKey="Enter the 4-digit code we sent to <strong>{{email}}</strong>."
            values={{ email: form.values.email }}
            components={{ strong: <strong /> }}
          />
        )
      }
      footer={
        <Link component={RouterLink} to="/login" variant="body2">
          {t('Back to login')}
        </Link>
      }
    >
      <Stack component="form" noValidate spacing={3} onSubmit={form.handleSubmit}>
        {editingEmail && (
          <TextField
            label={t('Email')}
            type="email"
            autoComplete="email"
            autoFocus={Boolean(storedEmail)}
            fullWidth
            {...emailField}
            error={Boolean(emailError)}
            helperText={emailError && <LocalizedMessage text={emailError} />}
          />
        )}
        <CodeInput
          value={form.values.otp}
          onChange={(otp) => void form.setFieldValue('otp', otp)}
          error={form.submitCount > 0 ? form.errors.otp : undefined}
          focusRequest={codeFocus}
          autoFocus={!editingEmail}
        />
        <Button type="submit" variant="contained" color="secondary" size="large" fullWidth disabled={!canSubmit}>
          {t('Verify')}
        </Button>
        <ResendOtpButton email={form.values.email} activity="VERIFY_EMAIL" disabled={Boolean(form.errors.email)} />
        {!editingEmail && (
          <Button variant="text" size="small" sx={{ alignSelf: 'center' }} onClick={() => setEditingEmail(true)}>
            {t('Use a different email')}
          </Button>
        )}
      </Stack>
    </AuthCard>
  );
}
