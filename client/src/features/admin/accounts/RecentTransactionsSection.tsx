import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { msg } from '@cryptovest/common';
import { Link as RouterLink } from 'react-router';
import { useAdminUserTransactionsQuery } from '../../../generated/hooks';
import { coinName } from '../../../components/coins';
import { useAdminWords } from '../components/adminWords';
import { RecordSection } from '../components/RecordDrawer';
import { recordPath } from '../components/recordPath';

/** How many of the latest transactions the drawer lists. */
export const RECENT_TRANSACTIONS = 10;

/** A status in words (catalogue keys). */
const STATUS_WORDS: Record<string, string> = {
  PENDING: msg('Pending'),
  CONFIRMED: msg('Confirmed'),
  DECLINED: msg('Declined'),
};

/**
 * An investor's latest transactions in a record drawer, each a link to its own drawer on
 * /admin/transactions (where its status can be changed), with a link to all of them.
 */
export function RecentTransactionsSection({ userId }: { userId: string }) {
  const { t, money, stamp } = useAdminWords();
  const query = useAdminUserTransactionsQuery({
    variables: { userId, page: 1, pageSize: RECENT_TRANSACTIONS },
    fetchPolicy: 'cache-and-network',
  });
  const page = query.data?.adminUserTransactions;
  return (
    <RecordSection title={t('Transactions')}>
      {!page && (
        <Typography variant="body2" color={query.error ? 'error' : 'text.secondary'}>
          {query.error ? t('The transactions could not be loaded.') : t('Loading…')}
        </Typography>
      )}
      {page && page.items.length === 0 && (
        <Typography variant="body2" color="text.secondary">
          {t('No transactions yet.')}
        </Typography>
      )}
      {page && page.items.length > 0 && (
        <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0, display: 'grid', gap: 1 }}>
          {page.items.map((trx) => (
            <Box component="li" key={trx.id} sx={{ display: 'flex', flexWrap: 'wrap', columnGap: 1.5 }}>
              <Link component={RouterLink} to={recordPath('transactions', trx.id)} underline="always">
                {trx.trxType === 'DEPOSIT'
                  ? t('Deposit of {{amount}}', { amount: money(trx.amount) })
                  : t('Withdrawal of {{amount}}', { amount: money(trx.amount) })}
              </Link>
              <Typography component="span" variant="body2">
                {STATUS_WORDS[trx.status] ? t(STATUS_WORDS[trx.status]) : trx.status} · {coinName(trx.crypto)}
                {trx.plan ? ` · ${trx.plan}` : ''}
              </Typography>
              <Typography component="span" variant="body2" color="text.secondary">
                {stamp(trx.createdAt)}
              </Typography>
            </Box>
          ))}
        </Box>
      )}
      {page && page.total > page.items.length && (
        <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
          {t('Showing the latest {{shown}} of {{total}}.', { shown: page.items.length, total: page.total })}
        </Typography>
      )}
    </RecordSection>
  );
}
