import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { EMPTY_VALUE } from '@cryptovest/common';
import { useId, type ReactNode } from 'react';
import { coinName } from '../../../components/coins';
import { formatDate } from '../../../components/transactionCells';
import type { AdminChainCheckFragment } from '../../../generated/graphql';
import { chainResultText, chainSeverity, UNCHECKED_TEXT, type ChainSubject } from './chainCheck';

/** A chain result as a small chip coloured by severity, so a doubtful deposit stands out before anyone opens it. */
export function ChainChip({ check }: { check: AdminChainCheckFragment }) {
  return <Chip size="small" label={chainResultText(check)} color={chainSeverity(check.result)} />;
}

/** Marks a deposit the chain watcher found by itself (origin CHAIN), as opposed to one an investor submitted. */
export function FoundOnChainChip() {
  return <Chip size="small" variant="outlined" color="info" label="Found on chain" />;
}

/** The list's Chain cell: the result chip and "Found on chain"; the em dash when nothing was looked up. */
export function ChainCell({ transaction }: { transaction: Pick<ChainSubject, 'origin' | 'chainCheck'> }) {
  const { origin, chainCheck } = transaction;
  if (!chainCheck && origin !== 'CHAIN') return <>{EMPTY_VALUE}</>;
  return (
    <Stack direction="row" useFlexGap sx={{ flexWrap: 'wrap', gap: 0.5 }}>
      {chainCheck && <ChainChip check={chainCheck} />}
      {origin === 'CHAIN' && <FoundOnChainChip />}
    </Stack>
  );
}

/** One label–value line of the evidence. */
function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Box sx={{ display: 'contents' }}>
      <Typography component="dt" variant="body2" color="text.secondary">
        {label}
      </Typography>
      <Typography component="dd" variant="body2" sx={{ m: 0, minWidth: 0, overflowWrap: 'anywhere' }}>
        {children}
      </Typography>
    </Box>
  );
}

/** `amount` in the coin ("0.015 Bitcoin"), or the em dash. */
function coinAmount(amount: string | null, crypto: string | null): string {
  return amount ? `${amount} ${coinName(crypto)}` : EMPTY_VALUE;
}

/** What is said when there is no evidence to list. */
function noEvidenceText(t: ChainSubject): string | null {
  if (t.chainCheck?.result === 'UNCHECKED') return UNCHECKED_TEXT;
  if (t.chainCheck) return null;
  if (t.trxType !== 'DEPOSIT') return t.transactionId ? 'The payout has not been looked up on chain yet.' : null;
  return t.transactionId
    ? 'Not looked up on chain yet.'
    : 'No transaction id was given: there is nothing to check on chain.';
}

/** The chain's evidence in the status dialog (issue 35): the admin decides on what the chain says, not on hearsay. */
export function ChainEvidence({ transaction: t }: { transaction: ChainSubject }) {
  const headingId = useId();
  const deposit = t.trxType === 'DEPOSIT';
  const check = t.chainCheck;
  const note = noEvidenceText(t);
  if (!check && !note && t.origin !== 'CHAIN') return null;
  const facts = check && check.result !== 'UNCHECKED';
  return (
    <Box component="section" aria-labelledby={headingId}>
      <Typography id={headingId} variant="subtitle2" component="h3" sx={{ mb: 1 }}>
        {deposit ? 'On chain' : 'Payout on chain'}
      </Typography>
      <Stack spacing={1}>
        {(facts || t.origin === 'CHAIN') && (
          <Stack direction="row" useFlexGap sx={{ flexWrap: 'wrap', gap: 0.5 }}>
            {facts && <ChainChip check={check} />}
            {t.origin === 'CHAIN' && <FoundOnChainChip />}
          </Stack>
        )}
        {note && <Typography variant="body2">{note}</Typography>}
        {facts && (
          <Box
            component="dl"
            sx={{ m: 0, display: 'grid', gridTemplateColumns: 'auto minmax(0, 1fr)', columnGap: 2, rowGap: 0.5 }}
          >
            <Fact label="Confirmations">{check.confirmations ?? EMPTY_VALUE}</Fact>
            <Fact label="Coin amount paid">{coinAmount(check.coinAmount, t.crypto)}</Fact>
            {deposit && t.cryptoAmount && (
              <Fact label="Coin amount claimed">{coinAmount(t.cryptoAmount, t.crypto)}</Fact>
            )}
            <Fact label="Paid address">
              <Box component="span" sx={{ fontFamily: 'monospace' }}>
                {check.address ?? EMPTY_VALUE}
              </Box>
            </Fact>
            <Fact label="Checked at">{check.checkedAt ? formatDate(check.checkedAt) : EMPTY_VALUE}</Fact>
          </Box>
        )}
        {t.chainHold && (
          <Alert severity="warning" variant="outlined">
            Waiting for an admin: {t.chainHold}
          </Alert>
        )}
      </Stack>
    </Box>
  );
}
