import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { Locale, Translate } from '@cryptovest/common';
import { useFormik } from 'formik';
import { useEffect, useMemo } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import * as yup from 'yup';
import { textFieldProps } from '../../../app/forms/textFieldProps';
import { coinName } from '../../../components/coins';
import { usePlanFormat } from '../../../components/formatPlan';
import { useWording } from '../components/wording';
import { investAmountRule, investAmountText, type PlanRange } from './investAmount';

/**
 * SPEC §5 "Invest form" with issue 14's amount step: a coin, and whole dollars within the plan's
 * range, typed in the reader's language.
 */
function investSchema(plan: PlanRange | undefined, locale: Locale, t: Translate) {
  return yup.object({
    crypto: yup.string().min(1).required(),
    amount: investAmountRule(plan, locale, t),
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
 * crypto for an amount the plan would refuse. German and Spanish amounts are typed with their own
 * separators ("1.500").
 */
export function InvestForm({ coins, defaultCoin, plan, onProceed }: InvestFormProps) {
  const { t } = useTranslation('dashboard');
  const wording = useWording();
  const { money, locale } = wording;
  const planFormat = usePlanFormat();
  const schema = useMemo(() => investSchema(plan, locale, wording.t), [plan, locale, wording]);
  const form = useFormik({
    initialValues: { crypto: defaultCoin, amount: '' },
    enableReinitialize: true,
    validationSchema: schema,
    onSubmit: (values) => onProceed({ crypto: values.crypto, amount: investAmountText(values.amount, locale) }),
  });
  const { validateForm, dirty } = form;
  // Another plan means another range: check the amount already typed against it.
  useEffect(() => {
    if (dirty) void validateForm();
  }, [schema, dirty, validateForm]);

  const canSubmit = Boolean(plan) && form.dirty && form.isValid;
  const amount = investAmountText(form.values.amount, locale);
  const coinField = textFieldProps(form, 'crypto');
  const amountField = textFieldProps(form, 'amount');
  const rangeHint = plan
    ? t('{{plan}} plan: {{range}}', {
        plan: plan.name,
        range: planFormat.range(plan.minAmount, plan.maxAmount ?? null),
      })
    : undefined;
  const total = form.errors.amount || !amount ? money('0') : money(amount);

  return (
    <Stack component="form" noValidate spacing={2} onSubmit={form.handleSubmit} sx={{ maxWidth: 640 }}>
      <TextField select label={t('Coin')} fullWidth {...coinField}>
        {coins.map((coin) => (
          <MenuItem key={coin} value={coin}>
            {coinName(coin)}
          </MenuItem>
        ))}
      </TextField>
      <TextField
        label={t('Amount ($)')}
        inputMode={locale === 'en' ? 'numeric' : 'decimal'}
        fullWidth
        autoComplete="off"
        {...amountField}
        helperText={amountField.helperText ?? rangeHint}
      />
      {!plan && <Typography color="text.secondary">{t('Choose a plan above to proceed.')}</Typography>}
      <Typography aria-live="polite">
        <Trans
          t={t}
          i18nKey="Total: <strong>{{total}}</strong>"
          values={{ total }}
          components={{ strong: <strong /> }}
        />
      </Typography>
      <Button type="submit" variant="contained" color="secondary" size="large" disabled={!canSubmit}>
        {t('proceed')}
      </Button>
    </Stack>
  );
}
