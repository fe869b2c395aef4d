import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { changePasswordFormSchema, TOAST } from '@cryptovest/common';
import { useFormik } from 'formik';
import { useSnackbar } from 'notistack';
import { useTranslation } from 'react-i18next';
import { useServerErrors } from '../../../app/api/graphqlErrors';
import { setToken } from '../../../app/session/session';
import { textFieldProps } from '../../../app/forms/textFieldProps';
import { useChangePasswordMutation } from '../../../generated/hooks';
import { PasswordField } from '../../../components/PasswordField';

const initialValues = { oldPassword: '', newPassword: '', confirmPassword: '' };
const fieldNames = Object.keys(initialValues);

/** Settings > Password: old, new and confirmation; the new token returned is stored. */
export function PasswordForm() {
  const { t } = useTranslation('dashboard');
  const [changePassword] = useChangePasswordMutation();
  const reportError = useServerErrors();
  const { enqueueSnackbar } = useSnackbar();

  const form = useFormik({
    initialValues,
    validationSchema: changePasswordFormSchema,
    onSubmit: async ({ oldPassword, newPassword }, { setFieldError, resetForm }) => {
      try {
        const { data } = await changePassword({ variables: { oldPassword, newPassword } });
        if (data?.changePassword.token) setToken(data.changePassword.token);
        enqueueSnackbar(t(TOAST.passwordChangedSuccessfully), { variant: 'success' });
        resetForm();
      } catch (error) {
        reportError(error, { setFieldError, fields: fieldNames });
      }
    },
  });
  const canSubmit = form.dirty && form.isValid && !form.isSubmitting;
  const fields = {
    oldPassword: textFieldProps(form, 'oldPassword'),
    newPassword: textFieldProps(form, 'newPassword'),
    confirmPassword: textFieldProps(form, 'confirmPassword'),
  };

  return (
    <Stack component="form" noValidate spacing={2} onSubmit={form.handleSubmit} sx={{ maxWidth: 640 }}>
      <PasswordField
        label={t('Old password')}
        autoComplete="current-password"
        toggleNoun="old password"
        fullWidth
        {...fields.oldPassword}
      />
      <PasswordField
        label={t('New password')}
        autoComplete="new-password"
        toggleNoun="new password"
        fullWidth
        {...fields.newPassword}
      />
      <PasswordField
        label={t('Confirm password')}
        autoComplete="new-password"
        toggleNoun="password confirmation"
        fullWidth
        {...fields.confirmPassword}
      />
      <Button
        type="submit"
        variant="contained"
        color="secondary"
        disabled={!canSubmit}
        sx={{ alignSelf: 'flex-start' }}
      >
        {t('Change password')}
      </Button>
    </Stack>
  );
}
