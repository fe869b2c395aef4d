import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { COUNTRIES, registerSchema, TOAST } from '@cryptovest/common';
import { useFormik } from 'formik';
import { useSnackbar } from 'notistack';
import { Link as RouterLink, useNavigate } from 'react-router';
import { useServerErrors } from '../../../app/api/graphqlErrors';
import { generatedDocument, useDeferredMutation } from '../../../app/api/useDeferredMutation';
import { AuthCard } from '../components/AuthCard';
import { PasswordField } from '../../../components/PasswordField';
import { markOtpSent } from '../otpCooldown';
import { setPendingEmail } from '../pendingEmail';
import { textFieldProps } from '../../../app/forms/textFieldProps';
import { useTypedBeforeHydration } from '../../../app/forms/useTypedBeforeHydration';

/** The mutation the form sends, loaded with Apollo when it is first sent. */
const loadRegister = generatedDocument('RegisterDocument');

/** The form's values: the registration payload plus the client-only terms box (SPEC §3). */
interface RegisterValues {
  fullName: string;
  email: string;
  country: string;
  password: string;
  terms: boolean;
}

const initialValues: RegisterValues = { fullName: '', email: '', country: '', password: '', terms: false };
const fieldNames = ['fullName', 'email', 'country', 'password'] as const;
/** Fields a visitor can fill in before the app has loaded: all of them (the country is a native select). */
const typedFields = ['fullName', 'email', 'country', 'password', 'terms'] as const;

/**
 * /register "Create Account" (SPEC §2): full name, e-mail, country, password and the terms box,
 * which must be ticked to enable submit but is never sent. Success remembers the e-mail and
 * goes to /verify-email.
 */
export function RegisterPage() {
  const register = useDeferredMutation(loadRegister);
  const { enqueueSnackbar } = useSnackbar();
  const reportError = useServerErrors();
  const navigate = useNavigate();

  const form = useFormik<RegisterValues>({
    initialValues,
    validationSchema: registerSchema,
    onSubmit: async ({ terms: _terms, ...values }, { setFieldError }) => {
      // cast trims like the server does and keeps only the schema's fields (no `terms`).
      const input = registerSchema.cast(values, { stripUnknown: true });
      try {
        await register({ input });
        setPendingEmail(input.email);
        markOtpSent(input.email, 'VERIFY_EMAIL');
        enqueueSnackbar(TOAST.otpSent, { variant: 'success' });
        navigate('/verify-email');
      } catch (error) {
        reportError(error, { setFieldError, fields: fieldNames });
      }
    },
  });

  const formRef = useTypedBeforeHydration(form, typedFields);
  const canSubmit = form.dirty && form.isValid && form.values.terms && !form.isSubmitting;

  return (
    <AuthCard
      title="Create Account"
      subtitle="Open your investor account in a minute."
      footer={
        <Typography variant="body2">
          Already have an account?{' '}
          <Link component={RouterLink} to="/login" underline="always" sx={{ fontWeight: 600 }}>
            Log in
          </Link>
        </Typography>
      }
    >
      <Stack component="form" ref={formRef} noValidate spacing={2.5} onSubmit={form.handleSubmit}>
        <TextField label="Full name" autoComplete="name" fullWidth {...textFieldProps(form, 'fullName')} />
        <TextField label="Email" type="email" autoComplete="email" fullWidth {...textFieldProps(form, 'email')} />
        <TextField
          select
          label="Country"
          autoComplete="country"
          fullWidth
          slotProps={{ select: { native: true } }}
          {...textFieldProps(form, 'country')}
        >
          <option value="" disabled />
          {COUNTRIES.map((c) => (
            <option key={c.code} value={c.code}>
              {c.name}
            </option>
          ))}
        </TextField>
        <PasswordField label="Password" autoComplete="new-password" fullWidth {...textFieldProps(form, 'password')} />
        <FormControlLabel
          control={<Checkbox {...form.getFieldProps({ name: 'terms', type: 'checkbox' })} color="secondary" />}
          label={
            <>
              I agree to the{' '}
              <Link component={RouterLink} to="/terms" target="_blank" rel="noopener" underline="always">
                Terms of use
              </Link>
            </>
          }
        />
        <Button type="submit" variant="contained" color="secondary" size="large" fullWidth disabled={!canSubmit}>
          Create Account
        </Button>
      </Stack>
    </AuthCard>
  );
}
