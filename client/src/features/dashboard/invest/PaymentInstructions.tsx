import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useFormat } from '../../../app/i18n/useFormat';
import { coinName } from '../../../components/coins';
import type { CreateDepositIntentMutation } from '../../../generated/graphql';
import { CopyAddress } from './CopyAddress';
import { coinSymbol } from '../components/chainWords';
import { formatClock } from './depositProgress';

/** What `createDepositIntent` answers: where to pay, on which network, and the quote. */
export type DepositIntent = CreateDepositIntentMutation['createDepositIntent'];

/** True once `expiresAt` has passed; flips by itself at that moment. */
function useExpired(expiresAt: string | undefined): boolean {
  const [expiredAt, setExpiredAt] = useState<string | null>(null);
  useEffect(() => {
    if (!expiresAt) return undefined;
    const timer = setTimeout(() => setExpiredAt(expiresAt), Math.max(Date.parse(expiresAt) - Date.now(), 0));
    return () => clearTimeout(timer);
  }, [expiresAt]);
  return Boolean(expiresAt) && expiredAt === expiresAt;
}

/** Props of PaymentInstructions. */
export interface PaymentInstructionsProps {
  intent: DepositIntent;
  /** The deposit in dollars, as chosen on the form. */
  amount: string;
  /** Asks for a new quote (a new intent) once this one expired. */
  onRequote: () => void;
  requoting: boolean;
}

/**
 * What to send, on which network and where (issue 35): wallets ask for a coin amount, not dollars,
 * and a payment on the wrong network is lost, so both come before the address.
 */
export function PaymentInstructions({ intent, amount, onRequote, requoting }: PaymentInstructionsProps) {
  const { t } = useTranslation('dashboard');
  const { money } = useFormat();
  const { quote, crypto, network } = intent;
  const expired = useExpired(quote?.expiresAt);
  const coin = coinName(crypto);
  return (
    <>
      <Paper variant="outlined" sx={{ p: 2 }}>
        <Typography component="h3" variant="subtitle1" sx={{ fontWeight: 700 }}>
          {t('Amount to send')}
        </Typography>
        {quote?.coinAmount ? (
          <>
            <Typography sx={{ fontSize: '1.5rem', fontWeight: 700, overflowWrap: 'anywhere' }}>
              {quote.coinAmount} {coinSymbol(crypto)}
            </Typography>
            <Typography variant="body2" color="text.secondary">
              {t('Price {{price}}, quote valid until {{time}}', {
                price: money(quote.price),
                time: formatClock(quote.expiresAt),
              })}
            </Typography>
          </>
        ) : (
          <>
            <Typography sx={{ fontSize: '1.5rem', fontWeight: 700 }}>{money(quote?.amount ?? amount)}</Typography>
            <Typography variant="body2" color="text.secondary">
              {t('The {{coin}} price is unavailable right now: send {{amount}} worth of {{coin}}.', {
                coin,
                amount: money(quote?.amount ?? amount),
              })}
            </Typography>
          </>
        )}
        <Typography sx={{ mt: 1.5, fontWeight: 700 }}>{t('Send on the {{network}} network', { network })}</Typography>
        <Typography variant="body2" color="text.secondary">
          {t('A payment sent on another network does not arrive.')}
        </Typography>
      </Paper>
      {expired && quote && (
        <Alert
          severity="warning"
          action={
            <Button color="inherit" size="small" onClick={onRequote} disabled={requoting}>
              {t('New quote')}
            </Button>
          }
        >
          {t('This quote expired at {{time}}. Ask for a new one before you pay.', {
            time: formatClock(quote.expiresAt),
          })}
        </Alert>
      )}
      <CopyAddress coin={crypto} address={intent.address} qrCode={intent.qrCode} />
    </>
  );
}
