import FormControlLabel from '@mui/material/FormControlLabel';
import Grid from '@mui/material/Grid';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import { EMPTY_VALUE, TOAST } from '@cryptovest/common';
import { useCountryName } from '../../../components/CountryName';
import { useFormik } from 'formik';
import { useSnackbar } from 'notistack';
import { useServerErrors } from '../../../app/api/graphqlErrors';
import { useUpdateUserMutation } from '../../../generated/hooks';
import { FormDialog } from '../../../components/FormDialog';
import { textFieldProps } from '../../../app/forms/textFieldProps';
import { useAdminWords } from '../components/adminWords';
import { diffValues } from '../components/diffValues';
import { USER_TEXT_FIELDS, userFormSchema, userFormValues, type AdminUser } from './userForm';

const fieldNames = [...USER_TEXT_FIELDS.map((f) => f.name), 'isPremium', 'announcement', 'message'];

/** A read-only text field (SPEC §5: e-mail, phone, dob and country cannot be edited here); `label` translated by the caller. */
function ReadOnly({ label, value }: { label: string; value: string | null | undefined }) {
  return (
    <Grid size={{ xs: 12, sm: 6 }}>
      <TextField label={label} value={value || EMPTY_VALUE} fullWidth slotProps={{ htmlInput: { readOnly: true } }} />
    </Grid>
  );
}

/** Edit modal of /admin/users: only the changed fields are sent, then the list is refetched. */
export function UserEditDialog({
  user,
  onClose,
  onSaved,
}: {
  user: AdminUser;
  onClose: () => void;
  onSaved: () => void;
}) {
  const { t } = useAdminWords();
  const countryName = useCountryName();
  const [updateUser] = useUpdateUserMutation();
  const reportError = useServerErrors();
  const { enqueueSnackbar } = useSnackbar();
  const initialValues = userFormValues(user);
  const form = useFormik({
    initialValues,
    validationSchema: userFormSchema,
    onSubmit: async (values, { setFieldError }) => {
      try {
        await updateUser({ variables: { userId: user.id, input: diffValues(values, initialValues) } });
        enqueueSnackbar(t(TOAST.profileUpdated), { variant: 'success' });
        onSaved();
        onClose();
      } catch (error) {
        reportError(error, { setFieldError, fields: fieldNames });
      }
    },
  });
  const changed = Object.keys(diffValues(form.values, initialValues)).length > 0;
  const announcementField = textFieldProps(form, 'announcement', 'admin');
  const messageField = textFieldProps(form, 'message', 'admin');

  return (
    <FormDialog
      title={t('Edit {{name}}', { name: user.fullName })}
      onClose={onClose}
      onSubmit={form.handleSubmit}
      submitLabel={t('Save user')}
      submitDisabled={!changed || !form.isValid || form.isSubmitting}
      maxWidth="md"
    >
      <Grid container spacing={2} sx={{ pt: 1 }}>
        <ReadOnly label={t('Email')} value={user.email} />
        <ReadOnly label={t('Phone number')} value={user.phoneNumber} />
        <ReadOnly label={t('Date of birth')} value={user.dob} />
        <ReadOnly label={t('Country')} value={countryName(user.country)} />
        {USER_TEXT_FIELDS.map((field) => (
          <Grid key={field.name} size={{ xs: 12, sm: 6 }}>
            <TextField label={t(field.label)} fullWidth {...textFieldProps(form, field.name, 'admin')} />
          </Grid>
        ))}
        <Grid size={12}>
          <FormControlLabel
            label={t('Premium user')}
            control={<Switch color="secondary" {...form.getFieldProps({ name: 'isPremium', type: 'checkbox' })} />}
          />
        </Grid>
        <Grid size={12}>
          <TextField
            label={t('Announcement')}
            multiline
            minRows={3}
            fullWidth
            {...announcementField}
            helperText={
              announcementField.helperText ?? t('HTML allowed; shown sanitised on the investor\u2019s dashboard.')
            }
          />
        </Grid>
        <Grid size={12}>
          <TextField label={t('Message')} multiline minRows={2} fullWidth {...messageField} />
        </Grid>
      </Grid>
    </FormDialog>
  );
}
