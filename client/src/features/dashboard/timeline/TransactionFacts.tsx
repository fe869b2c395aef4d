import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import { EMPTY_VALUE, msg } from '@cryptovest/common';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { coinName } from '../../../components/coins';
import { TrxTypeChip } from '../../../components/transactionCells';
import { useWording } from '../components/wording';
import type { TimelineTransaction } from './timelineWording';

/** The status in words (a catalogue key, translated where shown), with its colour (not the enum name). */
export function statusWords(trx: Pick<TimelineTransaction, 'status' | 'settlementState' | 'maturesAt'>): {
  label: string;
  color: 'default' | 'success' | 'error' | 'warning' | 'info';
} {
  if (trx.status === 'DECLINED') return { label: msg('Declined'), color: 'error' };
  if (trx.status === 'PENDING') return { label: msg('Waiting for confirmation'), color: 'default' };
  if (trx.settlementState === 'SETTLED') return { label: msg('Settled'), color: 'success' };
  if (trx.settlementState === 'HELD') return { label: msg('Settlement on hold'), color: 'warning' };
  if (trx.settlementState === 'DUE') return { label: msg('Waiting for payout'), color: 'info' };
  return { label: trx.maturesAt ? msg('Plan running') : msg('Confirmed'), color: 'success' };
}

/** One "label: value" line of the facts list. */
function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Box sx={{ display: 'flex', justifyContent: 'space-between', gap: 2, py: 0.75 }}>
      <Typography component="dt" variant="body2" color="text.secondary">
        {label}
      </Typography>
      <Typography component="dd" variant="body2" sx={{ m: 0, textAlign: 'right', overflowWrap: 'anywhere' }}>
        {children}
      </Typography>
    </Box>
  );
}

/** The transaction's facts beside its timeline: type, status, amount, coin, plan, profit, ids. */
export function TransactionFacts({ transaction: trx }: { transaction: TimelineTransaction }) {
  const { t } = useTranslation('dashboard');
  const { money, stamp, percent } = useWording();
  const status = statusWords(trx);
  const deposit = trx.trxType === 'DEPOSIT';
  return (
    <Card variant="outlined">
      <CardContent>
        <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', mb: 1 }}>
          <Typography component="h2" variant="subtitle1" sx={{ fontWeight: 700, flexGrow: 1 }}>
            {t('Details')}
          </Typography>
          <TrxTypeChip type={trx.trxType} />
          <Chip size="small" variant="outlined" label={t(status.label)} color={status.color} />
        </Box>
        <Box component="dl" sx={{ m: 0 }}>
          <Fact label={t('Amount')}>{money(trx.amount)}</Fact>
          <Fact label={t('Coin')}>{coinName(trx.crypto)}</Fact>
          {deposit && (
            <Fact label={t('Plan')}>
              {trx.plan
                ? t('{{plan}} ({{percent}}%)', { plan: trx.plan, percent: percent(trx.profitPercent ?? '0') })
                : EMPTY_VALUE}
            </Fact>
          )}
          {deposit && <Fact label={t('Expected profit')}>{money(trx.expectedProfit)}</Fact>}
          {deposit && trx.durationHours != null && (
            <Fact label={t('Term')}>{t('{{count}} hours', { count: trx.durationHours })}</Fact>
          )}
          {deposit && (
            <Fact label={t('At maturity')}>
              {trx.returnsPrincipal ? t('Profit and principal paid out') : t('Profit paid out')}
            </Fact>
          )}
          <Fact label={t('Submitted')}>{stamp(trx.createdAt)}</Fact>
          {trx.maturesAt && <Fact label={t('Matures at')}>{stamp(trx.maturesAt)}</Fact>}
          {trx.settledAt && <Fact label={t('Settled')}>{stamp(trx.settledAt)}</Fact>}
          {deposit && trx.transactionId && <Fact label={t('Blockchain id')}>{trx.transactionId}</Fact>}
          {!deposit && trx.wallet && <Fact label={t('To address')}>{trx.wallet}</Fact>}
        </Box>
      </CardContent>
    </Card>
  );
}
