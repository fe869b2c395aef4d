import { useSnackbar } from 'notistack';
import { useIdempotencyKey } from '../../../app/api/idempotency';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { MSG, TOAST, withdrawalAmountRule, type Locale } from '@cryptovest/common';
import { useFormik } from 'formik';
import { useMemo, useState } from 'react';
import * as yup from 'yup';
import { useServerErrors } from '../../../app/api/graphqlErrors';
import { textFieldProps } from '../../../app/forms/textFieldProps';
import { AccountDocument, MyTransactionsDocument, type AccountQuery } from '../../../generated/graphql';
import { useRequestWithdrawalMutation } from '../../../generated/hooks';
import { useSite } from '../../../app/site/site';
import { cooldownSentence, usableFromText } from '../components/addressCooldown';
import { readTypedAmount } from '../components/typedAmount';
import { useWording, type Wording } from '../components/wording';
import { isWithinAvailable, overAvailableMessage } from './availableLimit';
import { LockedBonusNote } from './LockedBonusNote';
import { walletOptions, type WalletOption } from './walletOptions';
import { WithdrawSuccessDialog } from './WithdrawSuccessDialog';

/** Under the wallet select: why a new address is not offered yet (nothing when there is no cool-down). */
const cooldownHint = (hours: number, wording: Wording) => (hours > 0 ? cooldownSentence(hours, wording.t) : undefined);

/** The shared amount rule, reading the amount as typed in the reader's language ("40,50" in German). */
function amountRule(minWithdrawal: string, locale: Locale) {
  const rule = withdrawalAmountRule(minWithdrawal);
  return locale === 'en'
    ? rule
    : rule.transform((value: unknown) => (typeof value === 'string' ? readTypedAmount(locale, value) : value));
}

/**
 * SPEC §5 "Withdrawal" with issue 14's numeric rules: the amount by the shared rule (the server's
 * own, with its messages and the operator's minimum) and at most what is available now (balance
 * minus the locked bonus and pending withdrawals), a wallet, agree checked. The shared messages
 * are said in the reader's language where shown; the available limit's already is.
 */
function withdrawSchema(account: AccountQuery['account'], minWithdrawal: string, wording: Wording) {
  return yup.object({
    amount: amountRule(minWithdrawal, wording.locale).test(
      'available',
      overAvailableMessage(account.available, account.lockedBonus, wording),
      (v) => isWithinAvailable(v, account.available),
    ),
    crypto: yup.string().min(1, MSG.selectWallet).required(MSG.selectWallet),
    agree: yup.boolean().oneOf([true]).required(),
  });
}
const initialValues = { amount: '', crypto: '', agree: false };

/** The server names the address `wallet`; this form's select of it is `crypto`. */
const SERVER_FIELDS: Record<string, string> = { amount: 'amount', crypto: 'crypto', wallet: 'crypto' };

/** One wallet choice; a cooling-down address is shown with when it becomes usable, but can't be picked. */
function walletItem(option: WalletOption, wording: Wording) {
  return (
    <MenuItem
      key={option.coin}
      value={option.coin}
      disabled={option.usableFrom !== null}
      sx={{
        display: 'block',
        wordBreak: 'break-all',
        whiteSpace: 'normal',
        // MUI fades disabled items to 38%: too faint to read when the item itself says why.
        '&.Mui-disabled': { opacity: 1, color: 'text.secondary' },
      }}
    >
      {option.label}{' '}
      {option.usableFrom && (
        <Typography component="span" variant="caption" sx={{ display: 'block', wordBreak: 'normal' }}>
          {usableFromText(option.usableFrom, wording)}
        </Typography>
      )}
    </MenuItem>
  );
}

/**
 * The withdrawal form: amount (typed in the reader's language), saved-wallet select, agree
 * checkbox, proceed; success modal.
 */
export function WithdrawForm({ account }: { account: AccountQuery['account'] }) {
  const wording = useWording();
  const { t, dollars, locale } = wording;
  const { withdrawalAddressCooldownHours, minWithdrawal } = useSite();
  const keys = useIdempotencyKey();
  const [requestWithdrawal] = useRequestWithdrawalMutation({
    refetchQueries: [AccountDocument, MyTransactionsDocument],
  });
  const reportError = useServerErrors();
  const { enqueueSnackbar } = useSnackbar();
  const [done, setDone] = useState(false);
  const options = walletOptions(account.withdrawalAddresses);
  const schema = useMemo(() => withdrawSchema(account, minWithdrawal, wording), [account, minWithdrawal, wording]);

  const form = useFormik({
    initialValues,
    validationSchema: schema,
    onSubmit: async (values, { setFieldError, resetForm }) => {
      const option = options.find((o) => o.coin === values.crypto);
      if (!option) return;
      try {
        const input = {
          amount: readTypedAmount(locale, values.amount).trim(),
          crypto: option.coin,
          wallet: option.address,
        };
        await requestWithdrawal({ variables: { input, idempotencyKey: keys.keyFor(input) } });
        keys.settle();
        enqueueSnackbar(t(TOAST.withdrawalSent), { variant: 'success' });
        resetForm();
        setDone(true);
      } catch (error) {
        keys.settle(error);
        reportError(error, {
          setFieldError: (field, message) => setFieldError(SERVER_FIELDS[field] ?? field, message),
          fields: Object.keys(SERVER_FIELDS),
        });
      }
    },
  });
  const canSubmit = form.values.agree && form.dirty && form.isValid && !form.isSubmitting;
  const amount = textFieldProps(form, 'amount');
  const wallet = textFieldProps(form, 'crypto');
  const walletHint =
    options.length === 0
      ? t('Save a withdrawal address in Settings first.')
      : cooldownHint(withdrawalAddressCooldownHours, wording);

  return (
    <Stack component="form" noValidate spacing={2} onSubmit={form.handleSubmit} sx={{ maxWidth: 640 }}>
      <LockedBonusNote lockedBonus={account.lockedBonus} />
      <TextField
        label={t('Amount ($)')}
        inputMode="decimal"
        fullWidth
        autoComplete="off"
        {...amount}
        helperText={
          amount.helperText ??
          t('Available {{available}} \u00b7 minimum {{minimum}}', {
            available: dollars(account.available),
            minimum: dollars(minWithdrawal),
          })
        }
      />
      <TextField
        select
        label={t('Wallet')}
        fullWidth
        {...wallet}
        onChange={(event) => {
          // A cooling-down address is disabled in the list; never let it become the value anyway.
          if (!options.some((o) => o.coin === event.target.value && o.usableFrom)) wallet.onChange(event);
        }}
        helperText={wallet.helperText ?? walletHint}
      >
        {options.map((option) => walletItem(option, wording))}
      </TextField>
      <FormControlLabel
        control={<Checkbox {...form.getFieldProps({ name: 'agree', type: 'checkbox' })} color="secondary" />}
        label={t('I confirm the amount and wallet address are correct')}
      />
      <Button type="submit" variant="contained" color="secondary" size="large" disabled={!canSubmit}>
        {t('Proceed')}
      </Button>
      <WithdrawSuccessDialog open={done} onClose={() => setDone(false)} />
    </Stack>
  );
}
