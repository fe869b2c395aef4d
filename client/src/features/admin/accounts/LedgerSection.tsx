import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { ledgerReasonLabel } from '@cryptovest/common';
import { useAccountHistoryQuery } from '../../../generated/hooks';
import { formatDate } from '../../../components/transactionCells';
import { RecordSection } from '../components/RecordDrawer';
import { bucketLabel, changeText } from './AccountHistoryDialog';

/** How many of the latest ledger entries the drawer lists. */
export const RECENT_LEDGER = 10;

/** Props of LedgerSection. */
export interface LedgerSectionProps {
  userId: string;
  /** Opens the whole history (AccountHistoryDialog, paged). */
  onShowAll: () => void;
}

/**
 * The latest ledger entries of an investor in a record drawer: which bucket moved, old → new, why,
 * by whom and when (the same query as the history dialog, which "Full history" opens).
 */
export function LedgerSection({ userId, onShowAll }: LedgerSectionProps) {
  const query = useAccountHistoryQuery({
    variables: { userId, page: 1, pageSize: RECENT_LEDGER },
    fetchPolicy: 'cache-and-network',
  });
  const page = query.data?.accountHistory;
  return (
    <RecordSection title="Ledger history">
      {!page && (
        <Typography variant="body2" color={query.error ? 'error' : 'text.secondary'}>
          {query.error ? 'The ledger could not be loaded.' : 'Loading…'}
        </Typography>
      )}
      {page?.items.length === 0 && (
        <Typography variant="body2" color="text.secondary">
          No changes yet.
        </Typography>
      )}
      {page && page.items.length > 0 && (
        <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0, display: 'grid', gap: 1 }}>
          {page.items.map((e) => (
            <Box component="li" key={e.id}>
              <Typography variant="body2">
                <strong>{bucketLabel(e.bucket)}</strong> {changeText(e)}
              </Typography>
              <Typography variant="body2" color="text.secondary">
                {ledgerReasonLabel(e.reason)} · by {e.actorName ?? 'system'} · {formatDate(e.createdAt)}
                {e.note ? ` · ${e.note}` : ''}
              </Typography>
            </Box>
          ))}
        </Box>
      )}
      {page && page.total > 0 && (
        <Button size="small" onClick={onShowAll} sx={{ mt: 1 }}>
          Full history ({page.total})
        </Button>
      )}
    </RecordSection>
  );
}
