import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { TOAST, WITHDRAWAL_COINS, withdrawalAddressesSchema } from '@cryptovest/common';
import { useFormik } from 'formik';
import { useSnackbar } from 'notistack';
import { useTranslation } from 'react-i18next';
import { useServerErrors } from '../../../app/api/graphqlErrors';
import { textFieldProps } from '../../../app/forms/textFieldProps';
import type { AccountQuery } from '../../../generated/graphql';
import { useUpdateWithdrawalAddressesMutation } from '../../../generated/hooks';
import { AccountDocument } from '../../../generated/graphql';
import { useSite } from '../../../app/site/site';
import { cooldownAndMailSentence, coolingUntil, usableFromText } from '../components/addressCooldown';
import { useWording } from '../components/wording';
import { changedFields } from './changedFields';
import { coinName } from '../../../components/coins';

type AddressValues = Record<(typeof WITHDRAWAL_COINS)[number], string>;

/**
 * Settings > Withdrawal: the four saved withdrawal addresses; only changed ones are sent. An address
 * saved after the first deposit cools down before it can receive money, so each shows until when.
 */
export function WithdrawalAddressesForm({ account }: { account: AccountQuery['account'] }) {
  const { t } = useTranslation('dashboard');
  const wording = useWording();
  const { withdrawalAddressCooldownHours: hours } = useSite();
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
        enqueueSnackbar(t(TOAST.accountUpdated), { variant: 'success' });
        resetForm({ values });
      } catch (error) {
        reportError(error, { setFieldError, fields: WITHDRAWAL_COINS });
      }
    },
  });
  const canSubmit = form.dirty && form.isValid && !form.isSubmitting;
  /** The field's error, else when its saved address can first receive withdrawals. */
  const fieldProps = (coin: (typeof WITHDRAWAL_COINS)[number]) => {
    const props = textFieldProps(form, coin);
    const until = coolingUntil(account.withdrawalAddresses.find((s) => s.coin === coin));
    return { ...props, helperText: props.helperText ?? (until ? usableFromText(until, wording) : undefined) };
  };

  return (
    <Stack component="form" noValidate spacing={2} onSubmit={form.handleSubmit} sx={{ maxWidth: 640 }}>
      <Typography variant="body2" color="text.secondary">
        {/* Why a new address is not usable at once (the operator's cool-down), and that every change is mailed. */}
        {hours > 0
          ? cooldownAndMailSentence(hours, wording.t)
          : t('For your safety, we e-mail you about every change.')}
      </Typography>
      {WITHDRAWAL_COINS.map((coin) => (
        <TextField
          key={coin}
          label={t('{{coin}} address', { coin: coinName(coin) })}
          fullWidth
          autoComplete="off"
          {...fieldProps(coin)}
        />
      ))}
      <Button
        type="submit"
        variant="contained"
        color="secondary"
        disabled={!canSubmit}
        sx={{ alignSelf: 'flex-start' }}
      >
        {t('Save addresses')}
      </Button>
    </Stack>
  );
}
