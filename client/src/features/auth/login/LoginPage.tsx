import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { loginSchema, msg } from '@cryptovest/common';
import { useFormik } from 'formik';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useLocation, useNavigate, useSearchParams } from 'react-router';
import { useServerErrors } from '../../../app/api/graphqlErrors';
import { landingPathFor } from '../../../app/session/session';
import { useSignIn } from '../../../app/session/signIn';
import { endReasonFromUrl, SESSION_END_MESSAGES, safeNextPath } from '../../../app/session/sessionEnd';
import { generatedDocument, useDeferredMutation } from '../../../app/api/useDeferredMutation';
import { AuthCard } from '../components/AuthCard';
import { PasswordField } from '../../../components/PasswordField';
import { markOtpSent } from '../otpCooldown';
import { setPendingEmail } from '../pendingEmail';
import { textFieldProps } from '../../../app/forms/textFieldProps';
import { useTypedBeforeHydration } from '../../../app/forms/useTypedBeforeHydration';
import { SecondFactorStep, type SecondFactorChallenge } from './SecondFactorStep';

const initialValues = { email: '', password: '' };
const fieldNames = ['email', 'password'] as const;

/** The password step's mutation, loaded with Apollo when the form is first sent. */
const loadSignIn = generatedDocument('SignInDocument');

/**
 * /login, also rendered in place of /dashboard and /admin for guests (SPEC §2). After login:
 * stay on the guarded page it was shown on; from /login go back to `?next=` when it is a path of
 * this site (a session that ended sends the user here with it, and `?reason=` to say why, issue
 * 38), else to the user's landing page. An unverified account is sent to /verify-email with its
 * e-mail remembered. An account with a second factor (issue 13) gets a second step in the same
 * card before the session starts.
 */
export function LoginPage() {
  const { t } = useTranslation('auth');
  const signInWithPassword = useDeferredMutation(loadSignIn);
  const signIn = useSignIn();
  const reportError = useServerErrors();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const [params] = useSearchParams();
  const endReason = endReasonFromUrl(params.get('reason'));
  const next = safeNextPath(params.get('next'));
  const [challenge, setChallenge] = useState<SecondFactorChallenge | null>(null);
  const passwordRef = useRef<HTMLInputElement | null>(null);
  /** Set by restart: the password field takes the focus once step 1 is shown again. */
  const focusPasswordNext = useRef(false);

  const finish = async (token: string) => {
    await signIn(token);
    // Shown in place on a guarded page: that guard now loads the user and stays there.
    if (pathname === '/login') navigate(next ?? landingPathFor(token), { replace: true });
  };

  const form = useFormik({
    initialValues,
    validationSchema: loginSchema,
    onSubmit: async (values, { setFieldError }) => {
      const { email, password } = loginSchema.cast(values);
      try {
        const { data } = await signInWithPassword({ email, password });
        const { session, secondFactor } = data?.signIn ?? {};
        if (secondFactor) return setChallenge(secondFactor);
        if (!session?.token) throw new Error('signIn answered without a token');
        await finish(session.token);
      } catch (error) {
        const { code } = reportError(error, { setFieldError, fields: fieldNames });
        if (code === 'EMAIL_NOT_VERIFIED') {
          setPendingEmail(email);
          markOtpSent(email, 'VERIFY_EMAIL'); // the refusal came with a fresh code
          navigate('/verify-email');
        }
      }
    },
  });
  const formRef = useTypedBeforeHydration(form, fieldNames);
  const canSubmit = form.dirty && form.isValid && !form.isSubmitting;
  const fields = {
    email: textFieldProps(form, 'email'),
    password: textFieldProps(form, 'password'),
  };

  /** Back to step 1 with the e-mail kept and the password to type again (focused once it is shown). */
  const restart = () => {
    setChallenge(null);
    void form.setFieldValue('password', '', false);
    void form.setFieldTouched('password', false, false);
    focusPasswordNext.current = true;
  };
  useEffect(() => {
    if (!focusPasswordNext.current || challenge) return;
    focusPasswordNext.current = false;
    passwordRef.current?.focus();
  }, [challenge]);

  if (challenge) {
    return (
      <AuthCard title={t('Login')} subtitle={t(secondStepSubtitle(challenge))}>
        <SecondFactorStep challenge={challenge} onSignedIn={finish} onRestart={restart} />
      </AuthCard>
    );
  }

  return (
    <AuthCard
      title={t('Login')}
      subtitle={t('Welcome back. Sign in to your account.')}
      footer={
        <Typography variant="body2">
          {t('New to CryptoVest?')}{' '}
          <Link component={RouterLink} to="/register" underline="always" sx={{ fontWeight: 600 }}>
            {t('Create an account')}
          </Link>
        </Typography>
      }
    >
      <Stack component="form" ref={formRef} noValidate spacing={2.5} onSubmit={form.handleSubmit}>
        {endReason && (
          <Alert severity="info" role="status">
            {t(SESSION_END_MESSAGES[endReason])}
          </Alert>
        )}
        <TextField label={t('Email')} type="email" autoComplete="email" fullWidth {...fields.email} />
        <PasswordField
          label={t('Password')}
          autoComplete="current-password"
          fullWidth
          inputRef={passwordRef}
          {...fields.password}
        />
        <Link component={RouterLink} to="/reset-password" variant="body2" sx={{ alignSelf: 'flex-end' }}>
          {t('Forgot password?')}
        </Link>
        <Button type="submit" variant="contained" color="secondary" size="large" fullWidth disabled={!canSubmit}>
          {t('Login')}
        </Button>
      </Stack>
    </AuthCard>
  );
}

/** What step 2 asks for, in the card's subtitle (a catalogue key). */
function secondStepSubtitle({ methods }: SecondFactorChallenge): string {
  if (methods.includes('TOTP')) return msg('Two-step verification: enter the code from your authenticator app.');
  if (methods.includes('PASSKEY')) return msg('Two-step verification: use your passkey.');
  return msg('Two-step verification: enter one of your recovery codes.');
}
