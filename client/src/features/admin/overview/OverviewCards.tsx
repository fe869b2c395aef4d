import Box from '@mui/material/Box';
import type { AdminOverviewQuery } from '../../../generated/graphql';
import { useAdminWords, type AdminWords } from '../components/adminWords';
import { OVERVIEW_LINKS } from './overviewLinks';
import { StatCard } from './StatCard';

/** The overview's figures as the query returns them. */
export type AdminOverviewFigures = AdminOverviewQuery['adminOverview'];

/** This week's sign-ups against last week's, in the reader's words. */
function weekComparison(thisWeek: number, lastWeek: number, { t, number }: AdminWords): string {
  if (thisWeek === lastWeek) return t('Same as last week ({{lastWeek}})', { lastWeek: number(lastWeek) });
  const diff = thisWeek - lastWeek;
  return t('{{difference}} on last week ({{lastWeek}})', {
    difference: `${diff > 0 ? '+' : '\u2212'}${number(Math.abs(diff))}`,
    lastWeek: number(lastWeek),
  });
}

/**
 * The overview's cards (issue 38): what the platform holds and owes, what waits for an admin
 * (each linking to its list), and this week's new investors. Money always with its cents.
 */
export function OverviewCards({ overview }: { overview: AdminOverviewFigures }) {
  const words = useAdminWords();
  const { t, dollars, number } = words;
  const { pendingDeposits, pendingWithdrawals, dueForSettlement, newInvestors } = overview;
  return (
    <Box
      sx={{
        display: 'grid',
        gap: 2,
        mb: 3,
        gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, minmax(0, 1fr))', lg: 'repeat(3, minmax(0, 1fr))' },
      }}
    >
      <StatCard
        title={t('Assets under management')}
        value={dollars(overview.assetsUnderManagement)}
        detail={t("Every account's investment: the principal of running plans")}
      />
      <StatCard
        title={t('Balances owed')}
        value={dollars(overview.balancesOwed)}
        detail={t("Every account's balance added up (locked signup bonuses included)")}
      />
      <StatCard
        title={t('Pending deposits')}
        value={dollars(pendingDeposits.sum)}
        detail={t('{{count, number}} deposits waiting for review', { count: pendingDeposits.count })}
        link={{ to: OVERVIEW_LINKS.pendingDeposits, label: t('Review pending deposits') }}
      />
      <StatCard
        title={t('Pending withdrawals')}
        value={dollars(pendingWithdrawals.sum)}
        detail={t('{{count, number}} withdrawals waiting for review', { count: pendingWithdrawals.count })}
        link={{ to: OVERVIEW_LINKS.pendingWithdrawals, label: t('Review pending withdrawals') }}
      />
      <StatCard
        title={t('Due for settlement')}
        value={dollars(dueForSettlement.sum)}
        detail={t('{{count, number}} matured deposits; settling pays {{payout}}', {
          count: dueForSettlement.count,
          payout: dollars(dueForSettlement.payout),
        })}
        link={{ to: OVERVIEW_LINKS.dueForSettlement, label: t('Open the settlement queue') }}
      />
      <StatCard
        title={t('New investors this week')}
        value={number(newInvestors.thisWeek)}
        detail={weekComparison(newInvestors.thisWeek, newInvestors.lastWeek, words)}
      />
    </Box>
  );
}
