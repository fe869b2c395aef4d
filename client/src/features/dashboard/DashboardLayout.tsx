import AccountBalanceWalletIcon from '@mui/icons-material/AccountBalanceWallet';
import CandlestickChartIcon from '@mui/icons-material/CandlestickChart';
import DashboardIcon from '@mui/icons-material/Dashboard';
import DescriptionIcon from '@mui/icons-material/Description';
import PaymentsIcon from '@mui/icons-material/Payments';
import ReceiptLongIcon from '@mui/icons-material/ReceiptLong';
import SavingsIcon from '@mui/icons-material/Savings';
import SettingsIcon from '@mui/icons-material/Settings';
import { msg } from '@cryptovest/common';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useLogout } from '../../app/session/logout';
import { SidebarLayout, type SidebarItem } from '../../components/SidebarLayout';
import { HeaderActions } from './components/HeaderActions';
import { LiveUpdates } from './live/LiveUpdates';

/** Investor sidebar entries in SPEC §2 order (Logout is added by the layout); labels are catalogue keys. */
const groups: SidebarItem[][] = [
  [
    { label: msg('Dashboard'), to: '/dashboard', icon: <DashboardIcon />, end: true },
    { label: msg('Invest'), to: '/dashboard/invest', icon: <SavingsIcon /> },
    { label: msg('Wallet'), to: '/dashboard/wallet', icon: <AccountBalanceWalletIcon /> },
    { label: msg('Transactions'), to: '/dashboard/transactions', icon: <ReceiptLongIcon /> },
    { label: msg('Statements'), to: '/dashboard/statements', icon: <DescriptionIcon /> },
    { label: msg('Withdraw'), to: '/dashboard/withdraw', icon: <PaymentsIcon /> },
  ],
  [
    { label: msg('Stocks'), to: '/dashboard/stocks', icon: <CandlestickChartIcon /> },
    { label: msg('Settings'), to: '/dashboard/settings', icon: <SettingsIcon /> },
  ],
];

/**
 * Layout of /dashboard/*: investor sidebar + page outlet, the bell and avatar in the header, and
 * the live updates that keep every page current while it is open.
 */
export function DashboardLayout() {
  const { t } = useTranslation('dashboard');
  const logout = useLogout();
  const translated = useMemo(
    () => groups.map((group) => group.map((item) => ({ ...item, label: t(item.label) }))),
    [t],
  );
  return (
    <>
      <LiveUpdates />
      <SidebarLayout
        navLabel={t('Dashboard')}
        groups={translated}
        onLogout={logout}
        headerActions={<HeaderActions />}
      />
    </>
  );
}
