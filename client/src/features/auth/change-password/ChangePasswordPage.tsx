import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import { resetPasswordFormSchema, TOAST } from '@cryptovest/common';
import { useFormik } from 'formik';
import { useSnackbar } from 'notistack';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate, useSearchParams } from 'react-router';
import { useServerErrors } from '../../../app/api/graphqlErrors';
import { useResetPasswordMutation } from '../../../generated/hooks';
import { AuthCard } from '../components/AuthCard';
import { PasswordField } from '../../../components/PasswordField';
import { textFieldProps } from '../../../app/forms/textFieldProps';

const initialValues = { password: '', confirmPassword: '' };
const fieldNames = ['password', 'confirmPassword'] as const;

/**
 * /change-password?token=... (SPEC §2): the new password twice; the reset token from the URL
 * goes with it (RequireResetToken sends a visit without one to /reset-password). Success goes
 * to /login.
 */
export function ChangePasswordPage() {
  const { t } = useTranslation('auth');
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const [resetPassword] = useResetPasswordMutation();
  const { enqueueSnackbar } = useSnackbar();
  const reportError = useServerErrors();
  const navigate = useNavigate();

  const form = useFormik({
    initialValues,
    validationSchema: resetPasswordFormSchema,
    onSubmit: async ({ password }, { setFieldError }) => {
      try {
        await resetPassword({ variables: { password, token } });
        enqueueSnackbar(t(TOAST.passwordChanged), { variant: 'success' });
        navigate('/login', { replace: true });
      } catch (error) {
        reportError(error, { setFieldError, fields: fieldNames });
      }
    },
  });
  const canSubmit = form.dirty && form.isValid && !form.isSubmitting;
  const fields = {
    password: textFieldProps(form, 'password'),
    confirmPassword: textFieldProps(form, 'confirmPassword'),
  };

  return (
    <AuthCard
      title={t('Change password')}
      subtitle={t('Choose a new password for your account.')}
      footer={
        <Link component={RouterLink} to="/reset-password" variant="body2">
          {t('Request a new code')}
        </Link>
      }
    >
      <Stack component="form" noValidate spacing={2.5} onSubmit={form.handleSubmit}>
        <PasswordField
          label={t('New password')}
          toggleNoun="new password"
          autoComplete="new-password"
          fullWidth
          {...fields.password}
        />
        <PasswordField
          label={t('Confirm password')}
          toggleNoun="confirm password"
          autoComplete="new-password"
          fullWidth
          {...fields.confirmPassword}
        />
        <Button type="submit" variant="contained" color="secondary" size="large" fullWidth disabled={!canSubmit}>
          {t('Change password')}
        </Button>
      </Stack>
    </AuthCard>
  );
}
