import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { loginSchema } from '@cryptovest/common';
import { useFormik } from 'formik';
import { Link as RouterLink, useLocation, useNavigate } from 'react-router';
import { useServerErrors } from '../../../app/graphqlErrors';
import { landingPathFor } from '../../../app/session';
import { useSignIn } from '../../../app/signIn';
import { useLoginMutation } from '../../../generated/hooks';
import { AuthCard } from '../components/AuthCard';
import { PasswordField } from '../components/PasswordField';
import { setPendingEmail } from '../pendingEmail';
import { textFieldProps } from '../../../app/textFieldProps';

const initialValues = { email: '', password: '' };
const fieldNames = ['email', 'password'] as const;

/**
 * /login, also rendered in place of /dashboard and /admin for guests (SPEC §2). After login:
 * stay on the guarded page it was shown on; from /login go to the user's landing page. An
 * unverified account is sent to /verify-email with its e-mail remembered.
 */
export function LoginPage() {
  const [login] = useLoginMutation();
  const signIn = useSignIn();
  const reportError = useServerErrors();
  const navigate = useNavigate();
  const { pathname } = useLocation();

  const form = useFormik({
    initialValues,
    validationSchema: loginSchema,
    onSubmit: async (values, { setFieldError }) => {
      const { email, password } = loginSchema.cast(values);
      try {
        const { data } = await login({ variables: { email, password } });
        const token = data?.login?.token;
        if (!token) throw new Error('login answered without a token');
        await signIn(token);
        // Shown in place on a guarded page: that guard now loads the user and stays there.
        if (pathname === '/login') navigate(landingPathFor(token), { replace: true });
      } catch (error) {
        const { code } = reportError(error, { setFieldError, fields: fieldNames });
        if (code === 'EMAIL_NOT_VERIFIED') {
          setPendingEmail(email);
          navigate('/verify-email');
        }
      }
    },
  });
  const canSubmit = form.dirty && form.isValid && !form.isSubmitting;

  return (
    <AuthCard
      title="Login"
      subtitle="Welcome back. Sign in to your account."
      footer={
        <Typography variant="body2">
          New to CryptoVest?{' '}
          <Link component={RouterLink} to="/register" underline="always" sx={{ fontWeight: 600 }}>
            Create an account
          </Link>
        </Typography>
      }
    >
      <Stack component="form" noValidate spacing={2.5} onSubmit={form.handleSubmit}>
        <TextField label="Email" type="email" autoComplete="email" fullWidth {...textFieldProps(form, 'email')} />
        <PasswordField
          label="Password"
          autoComplete="current-password"
          fullWidth
          {...textFieldProps(form, 'password')}
        />
        <Link component={RouterLink} to="/reset-password" variant="body2" sx={{ alignSelf: 'flex-end' }}>
          Forgot password?
        </Link>
        <Button type="submit" variant="contained" color="secondary" size="large" fullWidth disabled={!canSubmit}>
          Login
        </Button>
      </Stack>
    </AuthCard>
  );
}
