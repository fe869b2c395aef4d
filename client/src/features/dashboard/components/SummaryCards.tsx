import AccountBalanceIcon from '@mui/icons-material/AccountBalance';
import SavingsIcon from '@mui/icons-material/Savings';
import TrendingUpIcon from '@mui/icons-material/TrendingUp';
import Grid from '@mui/material/Grid';
import type { AccountQuery } from '../../../generated/graphql';
import { lockedBonusCaption } from './lockedBonus';
import { MoneyCard } from './MoneyCard';

/** Props of SummaryCards. */
export interface SummaryCardsProps {
  account: AccountQuery['account'] | undefined;
  /** Show the Wallet page links ('invest now', 'withdraw'). */
  withLinks?: boolean;
  /** Caption the Balance with its locked bonus (off where the page explains it at length). */
  bonusNote?: boolean;
}

/** The Balance / Investment / Profit cards shared by Overview, Wallet and Withdraw. */
export function SummaryCards({ account, withLinks = false, bonusNote = true }: SummaryCardsProps) {
  const cards = [
    {
      label: 'Balance',
      amount: account?.balance,
      icon: <AccountBalanceIcon />,
      link: withLinks ? { label: 'withdraw', to: '/dashboard/withdraw' } : undefined,
      note: bonusNote ? lockedBonusCaption(account?.lockedBonus) : undefined,
    },
    {
      label: 'Investment',
      amount: account?.investment,
      icon: <SavingsIcon />,
      link: withLinks ? { label: 'invest now', to: '/dashboard/invest' } : undefined,
    },
    { label: 'Profit', amount: account?.profit, icon: <TrendingUpIcon /> },
  ];
  return (
    <Grid container spacing={2} sx={{ mb: 3 }}>
      {cards.map((card) => (
        <Grid key={card.label} size={{ xs: 12, sm: 4 }}>
          <MoneyCard {...card} />
        </Grid>
      ))}
    </Grid>
  );
}
