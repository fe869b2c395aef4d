import { useSnackbar } from 'notistack';
import { useIdempotencyKey } from '../../../app/api/idempotency';
import Alert from '@mui/material/Alert';
import Grid from '@mui/material/Grid';
import InputAdornment from '@mui/material/InputAdornment';
import TextField from '@mui/material/TextField';
import { msg, TOAST } from '@cryptovest/common';
import { useFormik } from 'formik';
import { useServerErrors } from '../../../app/api/graphqlErrors';
import { useAdjustAccountMutation } from '../../../generated/hooks';
import { FormDialog } from '../../../components/FormDialog';
import { textFieldProps } from '../../../app/forms/textFieldProps';
import { useAdminWords } from '../components/adminWords';
import {
  ACCOUNT_AMOUNTS,
  accountChanges,
  accountFormSchemaFor,
  accountFormValues,
  type AccountFormValues,
  type OwnedAccount,
} from './accountForm';

const fieldNames = [...ACCOUNT_AMOUNTS.map((a) => a.name), 'reason'];
const dollar = {
  input: { startAdornment: <InputAdornment position="start">$</InputAdornment> },
  htmlInput: { inputMode: 'decimal' as const },
};

/**
 * Said above the amounts: each is its own ledger bucket, so editing Profit leaves Balance as it is
 * (admins expected one to follow the other; issue 38, defect 7). A catalogue key.
 */
export const SEPARATE_AMOUNTS_NOTE = msg(
  'Each amount is kept separately: changing Profit, Investment or a coin amount does not change Balance, nor the reverse. To move money from one to another, change both in the same save.',
);

/**
 * Edit modal of /admin/accounts: `$` amounts, shown and typed with the reader's separators
 * ("1.500,50" in German); only the changed ones are sent, with an optional reason.
 */
export function AccountEditDialog({
  account,
  onClose,
  onSaved,
}: {
  account: OwnedAccount;
  onClose: () => void;
  onSaved: () => void;
}) {
  const { t, locale } = useAdminWords();
  const [adjustAccount] = useAdjustAccountMutation();
  const keys = useIdempotencyKey();
  const reportError = useServerErrors();
  const { enqueueSnackbar } = useSnackbar();
  const initialValues = accountFormValues(account, locale);
  const form = useFormik<AccountFormValues>({
    initialValues,
    validationSchema: accountFormSchemaFor(locale),
    onSubmit: async (values, { setFieldError }) => {
      try {
        const input = accountChanges(values, initialValues, locale);
        await adjustAccount({
          variables: { userId: account.user.id, input, idempotencyKey: keys.keyFor({ user: account.user.id, input }) },
        });
        keys.settle();
        enqueueSnackbar(t(TOAST.accountUpdated), { variant: 'success' });
        onSaved();
        onClose();
      } catch (error) {
        keys.settle(error);
        reportError(error, { setFieldError, fields: fieldNames });
      }
    },
  });
  const changed = Object.keys(accountChanges(form.values, initialValues, locale)).length > 0;

  const reasonField = textFieldProps(form, 'reason', 'admin');

  return (
    <FormDialog
      title={t('Edit account of {{name}}', { name: account.user.fullName })}
      onClose={onClose}
      onSubmit={form.handleSubmit}
      submitLabel={t('Save account')}
      submitDisabled={!changed || !form.isValid || form.isSubmitting}
      maxWidth="md"
    >
      <Alert severity="info" role="note" sx={{ mt: 1, mb: 2 }}>
        {t(SEPARATE_AMOUNTS_NOTE)}
      </Alert>
      <Grid container spacing={2} sx={{ pt: 1 }}>
        {ACCOUNT_AMOUNTS.map(({ name, label }) => (
          <Grid key={name} size={{ xs: 12, sm: 6, md: 4 }}>
            <TextField label={t(label)} fullWidth slotProps={dollar} {...textFieldProps(form, name, 'admin')} />
          </Grid>
        ))}
        <Grid size={12}>
          <TextField
            label={t('Reason')}
            fullWidth
            multiline
            minRows={2}
            {...reasonField}
            helperText={reasonField.helperText ?? t('Optional; kept in the account history.')}
          />
        </Grid>
      </Grid>
    </FormDialog>
  );
}
