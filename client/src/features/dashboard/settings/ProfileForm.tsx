import Button from '@mui/material/Button';
import Grid from '@mui/material/Grid';
import TextField from '@mui/material/TextField';
import { msg, profileSchema, TOAST } from '@cryptovest/common';
import { useCountryName } from '../../../components/CountryName';
import { useFormik } from 'formik';
import { useSnackbar } from 'notistack';
import { useTranslation } from 'react-i18next';
import { useServerErrors } from '../../../app/api/graphqlErrors';
import { textFieldProps } from '../../../app/forms/textFieldProps';
import type { DashboardProfileQuery } from '../../../generated/graphql';
import { useUpdateProfileMutation } from '../../../generated/hooks';
import { changedFields } from './changedFields';

/** The editable fields, in order; labels are catalogue keys. */
const FIELDS = [
  { name: 'fullName', label: msg('Full name'), autoComplete: 'name' },
  { name: 'phoneNumber', label: msg('Phone number'), autoComplete: 'tel' },
  { name: 'dob', label: msg('Date of birth'), autoComplete: 'bday', type: 'date' },
  { name: 'city', label: msg('City'), autoComplete: 'address-level2' },
  { name: 'province', label: msg('Province'), autoComplete: 'address-level1' },
  { name: 'zipCode', label: msg('Zip code'), autoComplete: 'postal-code' },
  { name: 'address', label: msg('Address'), autoComplete: 'street-address' },
] as const;
type ProfileValues = Record<(typeof FIELDS)[number]['name'], string>;
const fieldNames = FIELDS.map((f) => f.name);

/** Settings > Profile: e-mail and country read-only; only changed fields are sent. */
export function ProfileForm({ user }: { user: DashboardProfileQuery['me'] }) {
  const { t } = useTranslation('dashboard');
  const countryName = useCountryName();
  const [updateProfile] = useUpdateProfileMutation();
  const reportError = useServerErrors();
  const { enqueueSnackbar } = useSnackbar();
  const initialValues = Object.fromEntries(FIELDS.map(({ name }) => [name, user[name] ?? ''])) as ProfileValues;

  const form = useFormik({
    initialValues,
    enableReinitialize: true,
    validationSchema: profileSchema,
    onSubmit: async (values, { setFieldError, resetForm }) => {
      try {
        await updateProfile({ variables: { input: changedFields(values, initialValues) } });
        enqueueSnackbar(t(TOAST.profileUpdated), { variant: 'success' });
        resetForm({ values });
      } catch (error) {
        reportError(error, { setFieldError, fields: fieldNames });
      }
    },
  });
  const canSubmit = form.dirty && form.isValid && !form.isSubmitting;

  return (
    <Grid container spacing={2} component="form" noValidate onSubmit={form.handleSubmit}>
      <Grid size={{ xs: 12, sm: 6 }}>
        <TextField label={t('Email')} value={user.email} fullWidth slotProps={{ htmlInput: { readOnly: true } }} />
      </Grid>
      <Grid size={{ xs: 12, sm: 6 }}>
        <TextField
          label={t('Country')}
          value={countryName(user.country)}
          fullWidth
          slotProps={{ htmlInput: { readOnly: true } }}
        />
      </Grid>
      {FIELDS.map((field) => (
        <Grid key={field.name} size={{ xs: 12, sm: field.name === 'address' ? 12 : 6 }}>
          <TextField
            label={t(field.label)}
            autoComplete={field.autoComplete}
            type={'type' in field ? field.type : 'text'}
            fullWidth
            slotProps={'type' in field ? { inputLabel: { shrink: true } } : undefined}
            {...textFieldProps(form, field.name)}
          />
        </Grid>
      ))}
      <Grid size={12}>
        <Button type="submit" variant="contained" color="secondary" disabled={!canSubmit}>
          {t('Save profile')}
        </Button>
      </Grid>
    </Grid>
  );
}
