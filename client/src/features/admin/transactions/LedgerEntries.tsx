import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useAdminWords, type AdminWords } from '../components/adminWords';
import { bucketWords, reasonWords } from '../components/ledgerWords';
import type { AdminTransactionRecordQuery } from '../../../generated/graphql';

/** One ledger entry as the record query gives it. */
export type TransactionLedgerEntry = AdminTransactionRecordQuery['transactionLedgerEntries'][number];

/** A signed change: "+$10,000.00" or "-$250.00" (German "+10.000,00 $"), in the reader's format. */
export function signedMoney(delta: string, money: AdminWords['money']): string {
  return delta.startsWith('-') ? money(delta) : `+${money(delta)}`;
}

/**
 * The ledger entries a transaction caused (issue 38 record view), oldest first: which amount of
 * the account changed, by how much, what it became, why, and who did it. Each entry is one line
 * group, so it reads on a phone too.
 */
export function LedgerEntries({ entries }: { entries: readonly TransactionLedgerEntry[] }) {
  const { t, money, stamp } = useAdminWords();
  if (entries.length === 0)
    return <Typography color="text.secondary">{t('No money has moved for this transaction yet.')}</Typography>;
  return (
    <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0, display: 'grid', gap: 1 }}>
      {entries.map((entry) => (
        <Box
          component="li"
          key={entry.id}
          sx={{ display: 'grid', gridTemplateColumns: 'minmax(0, 1fr) auto', columnGap: 2, rowGap: 0.25 }}
        >
          <Typography variant="body2" sx={{ fontWeight: 600 }}>
            {bucketWords(t, entry.bucket)}
          </Typography>
          <Typography
            variant="body2"
            sx={{ fontWeight: 600, textAlign: 'right', fontVariantNumeric: 'tabular-nums' }}
            color={entry.delta.startsWith('-') ? 'error.main' : 'success.main'}
          >
            {signedMoney(entry.delta, money)}
          </Typography>
          <Typography variant="caption" color="text.secondary">
            {[
              reasonWords(t, entry.reason),
              stamp(entry.createdAt),
              entry.actorName ? t('by {{name}}', { name: entry.actorName }) : t('by the system'),
            ].join(' \u00b7 ')}
          </Typography>
          <Typography variant="caption" color="text.secondary" sx={{ textAlign: 'right' }}>
            {entry.amountAfter ? t('now {{amount}}', { amount: money(entry.amountAfter) }) : ''}
          </Typography>
          {entry.note && (
            <Typography variant="caption" sx={{ gridColumn: '1 / -1', overflowWrap: 'anywhere' }}>
              {entry.note}
            </Typography>
          )}
        </Box>
      ))}
    </Box>
  );
}
