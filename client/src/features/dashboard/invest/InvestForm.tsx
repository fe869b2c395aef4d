import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { amountRule, formatMoney, INVEST_AMOUNT_MIN_CHARS, MSG } from '@cryptovest/common';
import { useFormik } from 'formik';
import * as yup from 'yup';
import { textFieldProps } from '../../../app/textFieldProps';

/** SPEC §5 "Invest form": coin text, amount whole dollars with at least 3 characters. */
const schema = yup.object({
  crypto: yup.string().min(1).required(),
  amount: amountRule(0, MSG.amountTooSmall).min(INVEST_AMOUNT_MIN_CHARS, MSG.amountTooSmall),
});

/** What the invest form hands on: coin and whole-dollar amount. */
export interface InvestValues {
  crypto: string;
  amount: string;
}

/** Props of InvestForm. */
export interface InvestFormProps {
  coins: string[];
  defaultCoin: string;
  /** False until a plan is picked. */
  planChosen: boolean;
  onProceed: (values: InvestValues) => void;
}

/** Coin and Amount with a Total; 'proceed' opens the confirmation (SPEC §2). */
export function InvestForm({ coins, defaultCoin, planChosen, onProceed }: InvestFormProps) {
  const form = useFormik({
    initialValues: { crypto: defaultCoin, amount: '' },
    enableReinitialize: true,
    validationSchema: schema,
    onSubmit: (values) => onProceed({ crypto: values.crypto, amount: values.amount.trim() }),
  });
  const canSubmit = planChosen && form.dirty && form.isValid;
  const amount = form.values.amount.trim();

  return (
    <Stack component="form" noValidate spacing={2} onSubmit={form.handleSubmit} sx={{ maxWidth: 640 }}>
      <TextField
        select
        label="Coin"
        fullWidth
        sx={{ '& .MuiSelect-select': { textTransform: 'capitalize' } }}
        {...textFieldProps(form, 'crypto')}
      >
        {coins.map((coin) => (
          <MenuItem key={coin} value={coin} sx={{ textTransform: 'capitalize' }}>
            {coin}
          </MenuItem>
        ))}
      </TextField>
      <TextField
        label="Amount ($)"
        inputMode="numeric"
        fullWidth
        autoComplete="off"
        {...textFieldProps(form, 'amount')}
      />
      {!planChosen && <Typography color="text.secondary">Choose a plan above to proceed.</Typography>}
      <Typography aria-live="polite">
        Total: <strong>{form.errors.amount || !amount ? formatMoney('0') : formatMoney(amount)}</strong>
      </Typography>
      <Button type="submit" variant="contained" color="secondary" size="large" disabled={!canSubmit}>
        proceed
      </Button>
    </Stack>
  );
}
