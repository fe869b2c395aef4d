import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { COUNTRIES, registerSchema, TOAST, type Locale } from '@cryptovest/common';
import { useFormik } from 'formik';
import { useSnackbar } from 'notistack';
import { useMemo } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate } from 'react-router';
import { useServerErrors } from '../../../app/api/graphqlErrors';
import { generatedDocument, useDeferredMutation } from '../../../app/api/useDeferredMutation';
import { AuthCard } from '../components/AuthCard';
import { PasswordField } from '../../../components/PasswordField';
import { markOtpSent } from '../otpCooldown';
import { setPendingEmail } from '../pendingEmail';
import { textFieldProps } from '../../../app/forms/textFieldProps';
import { useTypedBeforeHydration } from '../../../app/forms/useTypedBeforeHydration';
import { useFormat } from '../../../app/i18n/useFormat';

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

/** Text compared without accents or case ("Åland" with "Aland"), the same in every engine. */
const sortKey = (name: string) => name.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();

/**
 * The country list in the reader's language, in that language's alphabetical order: English keeps
 * the list's own names (the specification's); other languages name each country from the
 * `countries` catalogue (fixed text, so the server's and the browser's pages agree). The option's
 * value stays the ISO code.
 */
export function countryOptions(locale: Locale, t: (english: string) => string): { code: string; name: string }[] {
  if (locale === 'en') return [...COUNTRIES];
  return COUNTRIES.map(({ code, name }) => ({ code, name: t(name) })).sort((a, b) =>
    sortKey(a.name) < sortKey(b.name) ? -1 : sortKey(a.name) > sortKey(b.name) ? 1 : 0,
  );
}

/**
 * /register "Create Account" (SPEC §2): full name, e-mail, country, password and the terms box,
 * which must be ticked to enable submit but is never sent. Success remembers the e-mail and
 * goes to /verify-email.
 */
export function RegisterPage() {
  const { t } = useTranslation('auth');
  const { locale } = useFormat();
  const { t: countryT } = useTranslation('countries');
  const countries = useMemo(() => countryOptions(locale, (name) => countryT(name)), [locale, countryT]);
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
        // The language the visitor signed up in: their mails and the app then speak it.
        await register({ input: { ...input, locale } });
        setPendingEmail(input.email);
        markOtpSent(input.email, 'VERIFY_EMAIL');
        enqueueSnackbar(t(TOAST.otpSent), { variant: 'success' });
        navigate('/verify-email');
      } catch (error) {
        reportError(error, { setFieldError, fields: fieldNames });
      }
    },
  });

  const formRef = useTypedBeforeHydration(form, typedFields);
  const canSubmit = form.dirty && form.isValid && form.values.terms && !form.isSubmitting;
  const fields = {
    fullName: textFieldProps(form, 'fullName'),
    email: textFieldProps(form, 'email'),
    country: textFieldProps(form, 'country'),
    password: textFieldProps(form, 'password'),
  };

  return (
    <AuthCard
      title={t('Create Account')}
      subtitle={t('Open your investor account in a minute.')}
      footer={
        <Typography variant="body2">
          {t('Already have an account?')}{' '}
          <Link component={RouterLink} to="/login" underline="always" sx={{ fontWeight: 600 }}>
            {t('Log in')}
          </Link>
        </Typography>
      }
    >
      <Stack component="form" ref={formRef} noValidate spacing={2.5} onSubmit={form.handleSubmit}>
        <TextField label={t('Full name')} autoComplete="name" fullWidth {...fields.fullName} />
        <TextField label={t('Email')} type="email" autoComplete="email" fullWidth {...fields.email} />
        <TextField
          select
          label={t('Country')}
          autoComplete="country"
          fullWidth
          slotProps={{ select: { native: true } }}
          {...fields.country}
        >
          <option value="" disabled />
          {countries.map((c) => (
            <option key={c.code} value={c.code}>
              {c.name}
            </option>
          ))}
        </TextField>
        <PasswordField label={t('Password')} autoComplete="new-password" fullWidth {...fields.password} />
        <FormControlLabel
          control={<Checkbox {...form.getFieldProps({ name: 'terms', type: 'checkbox' })} color="secondary" />}
          label={
            <Trans
              t={t}
              i18nKey="I agree to the <terms>Terms of use</terms>"
              components={{
                terms: <Link component={RouterLink} to="/terms" target="_blank" rel="noopener" underline="always" />,
              }}
            />
          }
        />
        <Button type="submit" variant="contained" color="secondary" size="large" fullWidth disabled={!canSubmit}>
          {t('Create Account')}
        </Button>
      </Stack>
    </AuthCard>
  );
}
