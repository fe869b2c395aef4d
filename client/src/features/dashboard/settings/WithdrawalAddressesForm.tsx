import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { TOAST, WITHDRAWAL_COINS, withdrawalAddressesSchema } from '@cryptovest/common';
import { useFormik } from 'formik';
import { useSnackbar } from 'notistack';
import { useServerErrors } from '../../../app/graphqlErrors';
import { textFieldProps } from '../../../app/textFieldProps';
import type { AccountQuery } from '../../../generated/graphql';
import { useUpdateWithdrawalAddressesMutation } from '../../../generated/hooks';
import { AccountDocument } from '../../../generated/graphql';
import { changedFields } from './changedFields';

const LABELS = {
  bitcoin: 'Bitcoin address',
  litecoin: 'Litecoin address',
  ethereum: 'Ethereum address',
  usdt: 'USDT address',
};
type AddressValues = Record<(typeof WITHDRAWAL_COINS)[number], string>;

/** Settings > Withdrawal: the four saved withdrawal addresses; only changed ones are sent. */
export function WithdrawalAddressesForm({ account }: { account: AccountQuery['account'] }) {
  const [save] = useUpdateWithdrawalAddressesMutation({ refetchQueries: [AccountDocument] });
  const reportError = useServerErrors();
  const { enqueueSnackbar } = useSnackbar();
  const initialValues = Object.fromEntries(
    WITHDRAWAL_COINS.map((coin) => [coin, account.wallet[coin] ?? '']),
  ) as AddressValues;

  const form = useFormik({
    initialValues,
    enableReinitialize: true,
    validationSchema: withdrawalAddressesSchema,
    onSubmit: async (values, { setFieldError, resetForm }) => {
      // SPEC §5: only changed fields once the account is set up, otherwise the whole object.
      const input = account.hasSetupAccount
        ? changedFields(values, initialValues)
        : withdrawalAddressesSchema.cast(values);
      try {
        await save({ variables: { input }, awaitRefetchQueries: true });
        enqueueSnackbar(TOAST.accountUpdated, { variant: 'success' });
        resetForm({ values });
      } catch (error) {
        reportError(error, { setFieldError, fields: WITHDRAWAL_COINS });
      }
    },
  });
  const canSubmit = form.dirty && form.isValid && !form.isSubmitting;

  return (
    <Stack component="form" noValidate spacing={2} onSubmit={form.handleSubmit} sx={{ maxWidth: 640 }}>
      {WITHDRAWAL_COINS.map((coin) => (
        <TextField key={coin} label={LABELS[coin]} fullWidth autoComplete="off" {...textFieldProps(form, coin)} />
      ))}
      <Button
        type="submit"
        variant="contained"
        color="secondary"
        disabled={!canSubmit}
        sx={{ alignSelf: 'flex-start' }}
      >
        Save addresses
      </Button>
    </Stack>
  );
}
