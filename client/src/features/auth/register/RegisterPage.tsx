import Autocomplete from '@mui/material/Autocomplete';
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
import { useServerErrors } from '../../../app/graphqlErrors';
import { useRegisterMutation } from '../../../generated/hooks';
import { AuthCard } from '../components/AuthCard';
import { PasswordField } from '../components/PasswordField';
import { markOtpSent } from '../otpCooldown';
import { setPendingEmail } from '../pendingEmail';
import { textFieldProps } from '../../../app/textFieldProps';
import { useHydrated } from '../../../app/useHydrated';
import { useTypedBeforeHydration } from '../../../app/useTypedBeforeHydration';

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
/** Fields a visitor can fill in before the app has loaded (the country picker needs the app). */
const typedFields = ['fullName', 'email', 'password', 'terms'] as const;

/**
 * /register "Create Account" (SPEC §2): full name, e-mail, country, password and the terms box,
 * which must be ticked to enable submit but is never sent. Success remembers the e-mail and
 * goes to /verify-email.
 */
export function RegisterPage() {
  const [register] = useRegisterMutation();
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
        await register({ variables: { input } });
        setPendingEmail(input.email);
        markOtpSent(input.email, 'VERIFY_EMAIL');
        enqueueSnackbar(TOAST.otpSent, { variant: 'success' });
        navigate('/verify-email');
      } catch (error) {
        reportError(error, { setFieldError, fields: fieldNames });
      }
    },
  });

  const errorOf = (name: (typeof fieldNames)[number]) => (form.touched[name] ? form.errors[name] : undefined);
  const country = COUNTRIES.find((c) => c.code === form.values.country) ?? null;
  const formRef = useTypedBeforeHydration(form, typedFields);
  const hydrated = useHydrated();
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
        <Autocomplete
          options={COUNTRIES}
          value={country}
          getOptionLabel={(option) => option.name}
          isOptionEqualToValue={(option, value) => option.code === value.code}
          autoHighlight
          onChange={(_event, option) => void form.setFieldValue('country', option?.code ?? '')}
          onBlur={() => void form.setFieldTouched('country', true)}
          renderInput={(params) => (
            <TextField
              {...params}
              name="country"
              label="Country"
              error={Boolean(errorOf('country'))}
              helperText={errorOf('country')}
              slotProps={{
                ...params.slotProps,
                // Read-only until the app has loaded: the suggestions need it.
                htmlInput: { ...params.slotProps.htmlInput, autoComplete: 'country-name', readOnly: !hydrated },
              }}
            />
          )}
        />
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
