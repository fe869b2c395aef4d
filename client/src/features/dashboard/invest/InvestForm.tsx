import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { formatMoney } from '@cryptovest/common';
import { useFormik } from 'formik';
import { useEffect, useMemo } from 'react';
import * as yup from 'yup';
import { textFieldProps } from '../../../app/forms/textFieldProps';
import { coinName } from '../../../components/coins';
import { formatPlanRange } from '../../../components/formatPlan';
import { investAmountRule, investAmountText, type PlanRange } from './investAmount';

/** SPEC §5 "Invest form" with issue 14's amount step: a coin, and whole dollars within the plan's range. */
function investSchema(plan: PlanRange | undefined) {
  return yup.object({
    crypto: yup.string().min(1).required(),
    amount: investAmountRule(plan),
  });
}

/** What the invest form hands on: coin and whole-dollar amount. */
export interface InvestValues {
  crypto: string;
  amount: string;
}

/** Props of InvestForm. */
export interface InvestFormProps {
  coins: string[];
  defaultCoin: string;
  /** The chosen plan; undefined until one is picked (proceed stays disabled). */
  plan: PlanRange | undefined;
  onProceed: (values: InvestValues) => void;
}

/**
 * Coin and Amount with a Total; 'proceed' opens the confirmation (SPEC §2). The amount is checked
 * against the chosen plan here, before any deposit address is shown (issue 14), so nobody sends
 * crypto for an amount the plan would refuse.
 */
export function InvestForm({ coins, defaultCoin, plan, onProceed }: InvestFormProps) {
  const schema = useMemo(() => investSchema(plan), [plan]);
  const form = useFormik({
    initialValues: { crypto: defaultCoin, amount: '' },
    enableReinitialize: true,
    validationSchema: schema,
    onSubmit: (values) => onProceed({ crypto: values.crypto, amount: investAmountText(values.amount) }),
  });
  const { validateForm, dirty } = form;
  // Another plan means another range: check the amount already typed against it.
  useEffect(() => {
    if (dirty) void validateForm();
  }, [schema, dirty, validateForm]);

  const canSubmit = Boolean(plan) && form.dirty && form.isValid;
  const amount = investAmountText(form.values.amount);
  const amountField = textFieldProps(form, 'amount');
  const rangeHint = plan ? `${plan.name} plan: ${formatPlanRange(plan.minAmount, plan.maxAmount ?? null)}` : undefined;

  return (
    <Stack component="form" noValidate spacing={2} onSubmit={form.handleSubmit} sx={{ maxWidth: 640 }}>
      <TextField select label="Coin" fullWidth {...textFieldProps(form, 'crypto')}>
        {coins.map((coin) => (
          <MenuItem key={coin} value={coin}>
            {coinName(coin)}
          </MenuItem>
        ))}
      </TextField>
      <TextField
        label="Amount ($)"
        inputMode="numeric"
        fullWidth
        autoComplete="off"
        {...amountField}
        helperText={amountField.helperText ?? rangeHint}
      />
      {!plan && <Typography color="text.secondary">Choose a plan above to proceed.</Typography>}
      <Typography aria-live="polite">
        Total: <strong>{form.errors.amount || !amount ? formatMoney('0') : formatMoney(amount)}</strong>
      </Typography>
      <Button type="submit" variant="contained" color="secondary" size="large" disabled={!canSubmit}>
        proceed
      </Button>
    </Stack>
  );
}
