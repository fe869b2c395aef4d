import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { formatMoney } from '@cryptovest/common';
import { Link as RouterLink } from 'react-router';
import { useAdminUserTransactionsQuery } from '../../../generated/hooks';
import { coinName } from '../../../components/coins';
import { formatDate } from '../../../components/transactionCells';
import { RecordSection } from '../components/RecordDrawer';
import { recordPath } from '../components/recordPath';

/** How many of the latest transactions the drawer lists. */
export const RECENT_TRANSACTIONS = 10;

/** A status in words, as the transactions list shows it. */
const STATUS_WORDS: Record<string, string> = { PENDING: 'Pending', CONFIRMED: 'Confirmed', DECLINED: 'Declined' };

/**
 * An investor's latest transactions in a record drawer, each a link to its own drawer on
 * /admin/transactions (where its status can be changed), with a link to all of them.
 */
export function RecentTransactionsSection({ userId }: { userId: string }) {
  const query = useAdminUserTransactionsQuery({
    variables: { userId, page: 1, pageSize: RECENT_TRANSACTIONS },
    fetchPolicy: 'cache-and-network',
  });
  const page = query.data?.adminUserTransactions;
  return (
    <RecordSection title="Transactions">
      {!page && (
        <Typography variant="body2" color={query.error ? 'error' : 'text.secondary'}>
          {query.error ? 'The transactions could not be loaded.' : 'Loading…'}
        </Typography>
      )}
      {page && page.items.length === 0 && (
        <Typography variant="body2" color="text.secondary">
          No transactions yet.
        </Typography>
      )}
      {page && page.items.length > 0 && (
        <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0, display: 'grid', gap: 1 }}>
          {page.items.map((t) => (
            <Box component="li" key={t.id} sx={{ display: 'flex', flexWrap: 'wrap', columnGap: 1.5 }}>
              <Link component={RouterLink} to={recordPath('transactions', t.id)} underline="always">
                {t.trxType === 'DEPOSIT' ? 'Deposit' : 'Withdrawal'} of {formatMoney(t.amount)}
              </Link>
              <Typography component="span" variant="body2">
                {STATUS_WORDS[t.status] ?? t.status} · {coinName(t.crypto)}
                {t.plan ? ` · ${t.plan}` : ''}
              </Typography>
              <Typography component="span" variant="body2" color="text.secondary">
                {formatDate(t.createdAt)}
              </Typography>
            </Box>
          ))}
        </Box>
      )}
      {page && page.total > page.items.length && (
        <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
          Showing the latest {page.items.length} of {page.total}.
        </Typography>
      )}
    </RecordSection>
  );
}
