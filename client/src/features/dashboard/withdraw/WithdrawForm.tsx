import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { amountRule, formatMoney, MSG, TOAST, WITHDRAW_AMOUNT_MIN_CHARS } from '@cryptovest/common';
import { useFormik } from 'formik';
import { useSnackbar } from 'notistack';
import { useState } from 'react';
import * as yup from 'yup';
import { useServerErrors } from '../../../app/graphqlErrors';
import { textFieldProps } from '../../../app/textFieldProps';
import { AccountDocument, MyTransactionsDocument, type AccountQuery } from '../../../generated/graphql';
import { useRequestWithdrawalMutation } from '../../../generated/hooks';
import { walletOptions } from './walletOptions';
import { WithdrawSuccessDialog } from './WithdrawSuccessDialog';

/** SPEC §5 "Withdrawal": amount min 3 characters and 2 decimals, a wallet, agree checked. */
const schema = yup.object({
  amount: amountRule(2, MSG.amountTooSmall).min(WITHDRAW_AMOUNT_MIN_CHARS, MSG.amountTooSmall),
  crypto: yup.string().min(1, MSG.selectWallet).required(MSG.selectWallet),
  agree: yup.boolean().oneOf([true]).required(),
});
const initialValues = { amount: '', crypto: '', agree: false };

/** The withdrawal form: amount, saved-wallet select, agree checkbox, proceed; success modal. */
export function WithdrawForm({ account }: { account: AccountQuery['account'] }) {
  const [requestWithdrawal] = useRequestWithdrawalMutation({
    refetchQueries: [AccountDocument, MyTransactionsDocument],
  });
  const reportError = useServerErrors();
  const { enqueueSnackbar } = useSnackbar();
  const [done, setDone] = useState(false);
  const options = walletOptions(account.wallet);

  const form = useFormik({
    initialValues,
    validationSchema: schema,
    onSubmit: async (values, { setFieldError, resetForm }) => {
      const option = options.find((o) => o.coin === values.crypto);
      if (!option) return;
      try {
        await requestWithdrawal({
          variables: { input: { amount: values.amount.trim(), crypto: option.coin, wallet: option.address } },
        });
        enqueueSnackbar(TOAST.withdrawalSent, { variant: 'success' });
        resetForm();
        setDone(true);
      } catch (error) {
        reportError(error, { setFieldError, fields: ['amount', 'crypto'] });
      }
    },
  });
  const canSubmit = form.values.agree && form.dirty && form.isValid && !form.isSubmitting;
  const amount = textFieldProps(form, 'amount');

  return (
    <Stack component="form" noValidate spacing={2} onSubmit={form.handleSubmit} sx={{ maxWidth: 640 }}>
      <TextField
        label="Amount ($)"
        inputMode="decimal"
        fullWidth
        autoComplete="off"
        {...amount}
        helperText={amount.helperText ?? `Balance: ${formatMoney(account.balance)}`}
      />
      <TextField
        select
        label="Wallet"
        fullWidth
        {...textFieldProps(form, 'crypto')}
        helperText={
          options.length === 0
            ? 'Save a withdrawal address in Settings first.'
            : textFieldProps(form, 'crypto').helperText
        }
      >
        {options.map((option) => (
          <MenuItem key={option.coin} value={option.coin} sx={{ wordBreak: 'break-all', whiteSpace: 'normal' }}>
            {option.label}
          </MenuItem>
        ))}
      </TextField>
      <FormControlLabel
        control={<Checkbox {...form.getFieldProps({ name: 'agree', type: 'checkbox' })} color="secondary" />}
        label="I confirm the amount and wallet address are correct"
      />
      <Button type="submit" variant="contained" color="secondary" size="large" disabled={!canSubmit}>
        Proceed
      </Button>
      <WithdrawSuccessDialog open={done} onClose={() => setDone(false)} />
    </Stack>
  );
}
