import Box from '@mui/material/Box';
import { formatDollars } from '@cryptovest/common';
import type { AdminOverviewQuery } from '../../../generated/graphql';
import { plural } from './chartDays';
import { OVERVIEW_LINKS } from './overviewLinks';
import { StatCard } from './StatCard';

/** The overview's figures as the query returns them. */
export type AdminOverviewFigures = AdminOverviewQuery['adminOverview'];

/** This week's sign-ups against last week's, in words. */
function weekComparison(thisWeek: number, lastWeek: number): string {
  if (thisWeek === lastWeek) return `Same as last week (${lastWeek})`;
  const diff = thisWeek - lastWeek;
  return `${diff > 0 ? '+' : '−'}${Math.abs(diff)} on last week (${lastWeek})`;
}

/**
 * The overview's cards (issue 38): what the platform holds and owes, what waits for an admin
 * (each linking to its list), and this week's new investors. Money always with its cents.
 */
export function OverviewCards({ overview }: { overview: AdminOverviewFigures }) {
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
        title="Assets under management"
        value={formatDollars(overview.assetsUnderManagement)}
        detail="Every account's investment: the principal of running plans"
      />
      <StatCard
        title="Balances owed"
        value={formatDollars(overview.balancesOwed)}
        detail="Every account's balance added up (locked signup bonuses included)"
      />
      <StatCard
        title="Pending deposits"
        value={formatDollars(pendingDeposits.sum)}
        detail={`${plural(pendingDeposits.count, 'deposit')} waiting for review`}
        link={{ to: OVERVIEW_LINKS.pendingDeposits, label: 'Review pending deposits' }}
      />
      <StatCard
        title="Pending withdrawals"
        value={formatDollars(pendingWithdrawals.sum)}
        detail={`${plural(pendingWithdrawals.count, 'withdrawal')} waiting for review`}
        link={{ to: OVERVIEW_LINKS.pendingWithdrawals, label: 'Review pending withdrawals' }}
      />
      <StatCard
        title="Due for settlement"
        value={formatDollars(dueForSettlement.sum)}
        detail={`${plural(dueForSettlement.count, 'matured deposit')}; settling pays ${formatDollars(dueForSettlement.payout)}`}
        link={{ to: OVERVIEW_LINKS.dueForSettlement, label: 'Open the settlement queue' }}
      />
      <StatCard
        title="New investors this week"
        value={newInvestors.thisWeek.toLocaleString('en-US')}
        detail={weekComparison(newInvestors.thisWeek, newInvestors.lastWeek)}
      />
    </Box>
  );
}
