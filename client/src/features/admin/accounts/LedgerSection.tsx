import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useAccountHistoryQuery } from '../../../generated/hooks';
import { useAdminWords } from '../components/adminWords';
import { bucketWords, reasonWords } from '../components/ledgerWords';
import { RecordSection } from '../components/RecordDrawer';
import { changeText } from './AccountHistoryDialog';

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
  const words = useAdminWords();
  const { t, stamp } = words;
  const query = useAccountHistoryQuery({
    variables: { userId, page: 1, pageSize: RECENT_LEDGER },
    fetchPolicy: 'cache-and-network',
  });
  const page = query.data?.accountHistory;
  return (
    <RecordSection title={t('Ledger history')}>
      {!page && (
        <Typography variant="body2" color={query.error ? 'error' : 'text.secondary'}>
          {query.error ? t('The ledger could not be loaded.') : t('Loading…')}
        </Typography>
      )}
      {page?.items.length === 0 && (
        <Typography variant="body2" color="text.secondary">
          {t('No changes yet.')}
        </Typography>
      )}
      {page && page.items.length > 0 && (
        <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0, display: 'grid', gap: 1 }}>
          {page.items.map((e) => (
            <Box component="li" key={e.id}>
              <Typography variant="body2">
                <strong>{bucketWords(t, e.bucket)}</strong> {changeText(e, words)}
              </Typography>
              <Typography variant="body2" color="text.secondary">
                {e.actorName
                  ? t('{{reason}} · by {{name}} · {{date}}', {
                      reason: reasonWords(t, e.reason),
                      name: e.actorName,
                      date: stamp(e.createdAt),
                    })
                  : t('{{reason}} · by system · {{date}}', {
                      reason: reasonWords(t, e.reason),
                      date: stamp(e.createdAt),
                    })}
                {e.note ? ` · ${e.note}` : ''}
              </Typography>
            </Box>
          ))}
        </Box>
      )}
      {page && page.total > 0 && (
        <Button size="small" onClick={onShowAll} sx={{ mt: 1 }}>
          {t('Full history ({{total}})', { total: page.total })}
        </Button>
      )}
    </RecordSection>
  );
}
