import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import CancelIcon from '@mui/icons-material/Cancel';
import HourglassTopIcon from '@mui/icons-material/HourglassTop';
import RadioButtonCheckedIcon from '@mui/icons-material/RadioButtonChecked';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { Translate } from '@cryptovest/common';
import { useEffect, useId, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { useMyTransactionsQuery } from '../../../generated/hooks';
import { LIVE_QUERY } from '../live/refetch';
import { coinSymbol, confirmationsText } from '../components/chainWords';
import { useWording } from '../components/wording';
import { findChainPayment, paymentProgress, PROGRESS_PAGE, type PaymentProgress } from './depositProgress';

/**
 * While nothing is found yet, how often the list is asked again besides live updates (a payment
 * may be recorded while the socket is reconnecting). Nothing is polled once the payment is seen:
 * each confirmation is a timeline step, which live updates report.
 */
export const WAITING_POLL_MS = 15_000;

/** Props of DepositProgress. */
export interface DepositProgressProps {
  crypto: string;
  /** Confirmations the chain needs before the payment is credited (`DepositAddress.confirmations`). */
  required: number | null;
  /** When the intent was asked for (this browser's clock). */
  since: number;
  /** Ids of the transactions listed when the intent was made; null when that list could not be loaded. */
  known: ReadonlySet<string> | null;
}

/** The headline of each state, with its icon (the words carry the meaning; the icon only repeats it). */
function headline(progress: PaymentProgress, t: Translate): { icon: ReactNode; text: string } {
  switch (progress.state) {
    case 'waiting':
      return { icon: <HourglassTopIcon color="action" />, text: t('Waiting for your payment…') };
    case 'seen':
      return {
        icon: <RadioButtonCheckedIcon color="info" />,
        text: t('Payment seen: {{confirmations}}', {
          confirmations: confirmationsText(progress.confirmations, progress.required, t),
        }),
      };
    case 'credited':
      return { icon: <CheckCircleIcon color="success" />, text: t('Credited: your plan is running') };
    case 'declined':
      return { icon: <CancelIcon color="error" />, text: t('Payment declined') };
  }
}

/**
 * Live progress of a payment to the investor's own address (issue 35): waiting, seen with its
 * confirmations, credited. The chain watcher records and credits it by itself; live updates
 * refetch `myTransactions`, so each step shows without a reload.
 */
export function DepositProgress({ crypto, required, since, known }: DepositProgressProps) {
  const { t } = useTranslation('dashboard');
  const wording = useWording();
  const titleId = useId();
  // The intent loaded this page into the cache (its baseline): read it from there, refetch on changes.
  const { data, startPolling, stopPolling } = useMyTransactionsQuery({
    ...LIVE_QUERY,
    fetchPolicy: 'cache-first',
    variables: PROGRESS_PAGE,
  });
  const payment = findChainPayment(data?.myTransactions.items ?? [], crypto, since, known);
  const progress = paymentProgress(payment, required);
  const waiting = progress.state === 'waiting';
  useEffect(() => {
    if (!waiting) return undefined;
    startPolling(WAITING_POLL_MS);
    return () => stopPolling();
  }, [waiting, startPolling, stopPolling]);

  const { icon, text } = headline(progress, wording.t);
  return (
    <Paper variant="outlined" component="section" aria-labelledby={titleId} sx={{ p: 2 }}>
      <Typography component="h3" id={titleId} variant="subtitle1" sx={{ fontWeight: 700, mb: 1 }}>
        {t('Your payment')}
      </Typography>
      <Box role="status" sx={{ display: 'flex', gap: 1, alignItems: 'center' }}>
        <Box aria-hidden sx={{ display: 'flex' }}>
          {icon}
        </Box>
        <Typography sx={{ fontWeight: 700 }}>{text}</Typography>
      </Box>
      {progress.state === 'waiting' && (
        <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
          {required
            ? t(
                'This address is yours: a payment to it shows here as soon as the network sees it, and is credited by itself after {{count}} confirmations. You can leave this page meanwhile.',
                { count: required },
              )
            : t(
                'This address is yours: a payment to it shows here as soon as the network sees it, and is credited by itself once the network confirms it. You can leave this page meanwhile.',
              )}
        </Typography>
      )}
      {progress.state === 'seen' && (
        <>
          {progress.required ? (
            <LinearProgress
              variant="determinate"
              color="secondary"
              value={Math.min((progress.confirmations / progress.required) * 100, 100)}
              aria-label={t('Confirmations')}
              sx={{ mt: 1.5 }}
            />
          ) : null}
          {payment?.cryptoAmount && (
            <Typography variant="body2" sx={{ mt: 1.5, overflowWrap: 'anywhere' }}>
              {t('Received {{amount}} {{symbol}}.', { amount: payment.cryptoAmount, symbol: coinSymbol(crypto) })}
            </Typography>
          )}
          {progress.leftChain && (
            <Alert severity="warning" sx={{ mt: 1.5 }}>
              {t('The block it was in was replaced: it counts again once it is mined again.')}
            </Alert>
          )}
          {progress.hold && (
            <Alert severity="info" sx={{ mt: 1.5 }}>
              {t('Our team checks it before crediting: {{reason}}', { reason: progress.hold })}
            </Alert>
          )}
        </>
      )}
      {progress.state === 'declined' && (
        <Typography variant="body2" sx={{ mt: 1 }}>
          {t('Its timeline says why.')}
        </Typography>
      )}
      {payment && (
        <Link
          component={RouterLink}
          to={`/dashboard/transactions/${payment.id}`}
          underline="always"
          sx={{ mt: 1.5, display: 'inline-block' }}
        >
          {t('Open its timeline')}
        </Link>
      )}
    </Paper>
  );
}
