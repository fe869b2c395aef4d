import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import { EMPTY_VALUE, formatMoney } from '@cryptovest/common';
import type { ReactNode } from 'react';
import { coinName } from '../../../components/coins';
import { formatDate, TrxTypeChip } from '../../../components/transactionCells';
import type { TimelineTransaction } from './timelineWording';

/** The status in words, with its colour (not the enum name). */
export function statusWords(trx: Pick<TimelineTransaction, 'status' | 'settlementState' | 'maturesAt'>): {
  label: string;
  color: 'default' | 'success' | 'error' | 'warning' | 'info';
} {
  if (trx.status === 'DECLINED') return { label: 'Declined', color: 'error' };
  if (trx.status === 'PENDING') return { label: 'Waiting for confirmation', color: 'default' };
  if (trx.settlementState === 'SETTLED') return { label: 'Settled', color: 'success' };
  if (trx.settlementState === 'HELD') return { label: 'Settlement on hold', color: 'warning' };
  if (trx.settlementState === 'DUE') return { label: 'Waiting for payout', color: 'info' };
  return { label: trx.maturesAt ? 'Plan running' : 'Confirmed', color: 'success' };
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
export function TransactionFacts({ transaction: t }: { transaction: TimelineTransaction }) {
  const status = statusWords(t);
  const deposit = t.trxType === 'DEPOSIT';
  return (
    <Card variant="outlined">
      <CardContent>
        <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', mb: 1 }}>
          <Typography component="h2" variant="subtitle1" sx={{ fontWeight: 700, flexGrow: 1 }}>
            Details
          </Typography>
          <TrxTypeChip type={t.trxType} />
          <Chip size="small" variant="outlined" label={status.label} color={status.color} />
        </Box>
        <Box component="dl" sx={{ m: 0 }}>
          <Fact label="Amount">{formatMoney(t.amount)}</Fact>
          <Fact label="Coin">{coinName(t.crypto)}</Fact>
          {deposit && <Fact label="Plan">{t.plan ? `${t.plan} (${Number(t.profitPercent ?? 0)}%)` : EMPTY_VALUE}</Fact>}
          {deposit && <Fact label="Expected profit">{formatMoney(t.expectedProfit)}</Fact>}
          {deposit && t.durationHours != null && <Fact label="Term">{`${t.durationHours} hours`}</Fact>}
          {deposit && (
            <Fact label="At maturity">{t.returnsPrincipal ? 'Profit and principal paid out' : 'Profit paid out'}</Fact>
          )}
          <Fact label="Submitted">{formatDate(t.createdAt)}</Fact>
          {t.maturesAt && <Fact label="Matures at">{formatDate(t.maturesAt)}</Fact>}
          {t.settledAt && <Fact label="Settled">{formatDate(t.settledAt)}</Fact>}
          {deposit && t.transactionId && <Fact label="Blockchain id">{t.transactionId}</Fact>}
          {!deposit && t.wallet && <Fact label="To address">{t.wallet}</Fact>}
        </Box>
      </CardContent>
    </Card>
  );
}
