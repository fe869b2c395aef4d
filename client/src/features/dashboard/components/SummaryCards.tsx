import AccountBalanceIcon from '@mui/icons-material/AccountBalance';
import SavingsIcon from '@mui/icons-material/Savings';
import TrendingUpIcon from '@mui/icons-material/TrendingUp';
import Grid from '@mui/material/Grid';
import { useTranslation } from 'react-i18next';
import type { AccountQuery } from '../../../generated/graphql';
import { availableBreakdown } from '../withdraw/availableLimit';
import { lockedBonusCaption } from './lockedBonus';
import { MoneyCard } from './MoneyCard';
import { useWording } from './wording';

/** Props of SummaryCards. */
export interface SummaryCardsProps {
  account: AccountQuery['account'] | undefined;
  /** Show the Wallet page links ('invest now', 'withdraw'). */
  withLinks?: boolean;
  /**
   * Lead with what can be withdrawn now instead of the bare balance (the Withdraw page, issue 14):
   * "Available", captioned with the pending withdrawals and the locked bonus it leaves out.
   */
  available?: boolean;
}

/** The Balance (or Available) / Investment / Profit cards shared by Overview, Wallet and Withdraw. */
export function SummaryCards({ account, withLinks = false, available = false }: SummaryCardsProps) {
  const { t } = useTranslation('dashboard');
  const wording = useWording();
  const first = available
    ? {
        label: t('Available'),
        amount: account?.available,
        note: account && availableBreakdown(account.balance, account.lockedBonus, account.available, wording),
      }
    : { label: t('Balance'), amount: account?.balance, note: lockedBonusCaption(account?.lockedBonus, wording) };
  const cards = [
    {
      ...first,
      icon: <AccountBalanceIcon />,
      link: withLinks ? { label: t('withdraw'), to: '/dashboard/withdraw' } : undefined,
    },
    {
      label: t('Investment'),
      amount: account?.investment,
      icon: <SavingsIcon />,
      link: withLinks ? { label: t('invest now'), to: '/dashboard/invest' } : undefined,
    },
    { label: t('Profit'), amount: account?.profit, icon: <TrendingUpIcon /> },
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
