import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { EMPTY_VALUE, msg } from '@cryptovest/common';
import { useId, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { coinName } from '../../../components/coins';
import type { AdminChainCheckFragment } from '../../../generated/graphql';
import { useAdminWords } from '../components/adminWords';
import { chainResultText, chainSeverity, UNCHECKED_TEXT, type ChainSubject } from './chainCheck';

/** A chain result as a small chip coloured by severity, so a doubtful deposit stands out before anyone opens it. */
export function ChainChip({ check }: { check: AdminChainCheckFragment }) {
  const { t } = useTranslation('admin');
  return (
    <Chip
      size="small"
      label={chainResultText(check, undefined, (key, params) => t(key, params))}
      color={chainSeverity(check.result)}
    />
  );
}

/** Marks a deposit the chain watcher found by itself (origin CHAIN), as opposed to one an investor submitted. */
export function FoundOnChainChip() {
  const { t } = useTranslation('admin');
  return <Chip size="small" variant="outlined" color="info" label={t('Found on chain')} />;
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

/** What is said when there is no evidence to list (a catalogue key). */
function noEvidenceText(subject: ChainSubject): string | null {
  if (subject.chainCheck?.result === 'UNCHECKED') return UNCHECKED_TEXT;
  if (subject.chainCheck) return null;
  if (subject.trxType !== 'DEPOSIT')
    return subject.transactionId ? msg('The payout has not been looked up on chain yet.') : null;
  return subject.transactionId
    ? msg('Not looked up on chain yet.')
    : msg('No transaction id was given: there is nothing to check on chain.');
}

/** The chain's evidence in the status dialog (issue 35): the admin decides on what the chain says, not on hearsay. */
export function ChainEvidence({ transaction: trx }: { transaction: ChainSubject }) {
  const { t, stamp } = useAdminWords();
  const headingId = useId();
  const deposit = trx.trxType === 'DEPOSIT';
  const check = trx.chainCheck;
  const note = noEvidenceText(trx);
  if (!check && !note && trx.origin !== 'CHAIN') return null;
  const facts = check && check.result !== 'UNCHECKED';
  return (
    <Box component="section" aria-labelledby={headingId}>
      <Typography id={headingId} variant="subtitle2" component="h3" sx={{ mb: 1 }}>
        {deposit ? t('On chain') : t('Payout on chain')}
      </Typography>
      <Stack spacing={1}>
        {(facts || trx.origin === 'CHAIN') && (
          <Stack direction="row" useFlexGap sx={{ flexWrap: 'wrap', gap: 0.5 }}>
            {facts && <ChainChip check={check} />}
            {trx.origin === 'CHAIN' && <FoundOnChainChip />}
          </Stack>
        )}
        {note && <Typography variant="body2">{t(note)}</Typography>}
        {facts && (
          <Box
            component="dl"
            sx={{ m: 0, display: 'grid', gridTemplateColumns: 'auto minmax(0, 1fr)', columnGap: 2, rowGap: 0.5 }}
          >
            <Fact label={t('Confirmations')}>{check.confirmations ?? EMPTY_VALUE}</Fact>
            <Fact label={t('Coin amount paid')}>{coinAmount(check.coinAmount, trx.crypto)}</Fact>
            {deposit && trx.cryptoAmount && (
              <Fact label={t('Coin amount claimed')}>{coinAmount(trx.cryptoAmount, trx.crypto)}</Fact>
            )}
            <Fact label={t('Paid address')}>
              <Box component="span" sx={{ fontFamily: 'monospace' }}>
                {check.address ?? EMPTY_VALUE}
              </Box>
            </Fact>
            <Fact label={t('Checked at')}>{check.checkedAt ? stamp(check.checkedAt) : EMPTY_VALUE}</Fact>
          </Box>
        )}
        {trx.chainHold && (
          <Alert severity="warning" variant="outlined">
            {t('Waiting for an admin: {{reason}}', { reason: trx.chainHold })}
          </Alert>
        )}
      </Stack>
    </Box>
  );
}
