import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useFormat } from '../../../app/i18n/useFormat';
import { Link as RouterLink } from 'react-router';
import { coinName } from '../../../components/coins';
import { coinSymbol } from '../components/chainWords';

/** Props of DepositSubmitted. */
export interface DepositSubmittedProps {
  /** The deposit's id (its timeline page). */
  id: string;
  /** The blockchain transaction id the investor typed: their reference. */
  reference: string;
  amount: string;
  plan: string;
  crypto: string;
  /** The coin amount quoted for the payment, when a price was known. */
  coinAmount?: string | null;
  /** The network the payment was to be sent on. */
  network?: string | null;
  /** Back to the invest form, empty. */
  onDone: () => void;
}

/**
 * What a manual deposit submission leaves on screen (issue 35): a receipt with the reference, what
 * happens next and where to follow it, instead of an empty form that leaves the investor wondering.
 */
export function DepositSubmitted({
  id,
  reference,
  amount,
  plan,
  crypto,
  coinAmount,
  network,
  onDone,
}: DepositSubmittedProps) {
  const { t } = useTranslation('dashboard');
  const { money } = useFormat();
  const heading = useRef<HTMLHeadingElement>(null);
  // The form that had focus is gone: bring keyboard and screen reader users to the receipt.
  useEffect(() => heading.current?.focus(), []);
  const rows = [
    [t('Reference'), reference],
    [
      t('Amount'),
      coinAmount
        ? t('{{amount}} ({{coinAmount}} {{symbol}})', { amount: money(amount), coinAmount, symbol: coinSymbol(crypto) })
        : money(amount),
    ],
    [t('Plan'), plan],
    [
      t('Coin'),
      network ? t('{{coin}}, on the {{network}} network', { coin: coinName(crypto), network }) : coinName(crypto),
    ],
  ];
  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 }, maxWidth: 640 }}>
      <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', mb: 2 }}>
        <CheckCircleIcon color="success" aria-hidden />
        <Typography component="h2" variant="h6" ref={heading} tabIndex={-1} sx={{ outline: 'none' }}>
          {t('Deposit submitted')}
        </Typography>
      </Box>
      <Box component="dl" sx={{ m: 0 }}>
        {rows.map(([term, value]) => (
          <Box key={term} sx={{ display: 'flex', justifyContent: 'space-between', gap: 2, py: 0.5 }}>
            <Typography component="dt" color="text.secondary">
              {term}
            </Typography>
            <Typography
              component="dd"
              sx={{ m: 0, fontWeight: 700, textAlign: 'right', overflowWrap: 'anywhere', minWidth: 0 }}
            >
              {value}
            </Typography>
          </Box>
        ))}
      </Box>
      <Typography component="h3" variant="subtitle1" sx={{ fontWeight: 700, mt: 2 }}>
        {t('What happens next')}
      </Typography>
      <Typography variant="body2" sx={{ mt: 0.5 }}>
        {t(
          'We check the transaction id on the chain; an admin then confirms your deposit and your plan starts running. You get a notification when it is confirmed or declined.',
        )}
      </Typography>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ mt: 3 }}>
        <Button component={RouterLink} to={`/dashboard/transactions/${id}`} variant="contained" color="secondary">
          {t('Follow it on its timeline')}
        </Button>
        <Button onClick={onDone} variant="outlined" color="inherit">
          {t('Back to Invest')}
        </Button>
      </Stack>
    </Paper>
  );
}
