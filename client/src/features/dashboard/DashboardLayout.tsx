import AccountBalanceWalletIcon from '@mui/icons-material/AccountBalanceWallet';
import CandlestickChartIcon from '@mui/icons-material/CandlestickChart';
import DashboardIcon from '@mui/icons-material/Dashboard';
import DescriptionIcon from '@mui/icons-material/Description';
import PaymentsIcon from '@mui/icons-material/Payments';
import ReceiptLongIcon from '@mui/icons-material/ReceiptLong';
import SavingsIcon from '@mui/icons-material/Savings';
import SettingsIcon from '@mui/icons-material/Settings';
import { useLogout } from '../../app/session/logout';
import { SidebarLayout, type SidebarItem } from '../../components/SidebarLayout';
import { HeaderActions } from './components/HeaderActions';
import { LiveUpdates } from './live/LiveUpdates';

/** Investor sidebar entries in SPEC §2 order (Logout is added by the layout). */
const groups: SidebarItem[][] = [
  [
    { label: 'Dashboard', to: '/dashboard', icon: <DashboardIcon />, end: true },
    { label: 'Invest', to: '/dashboard/invest', icon: <SavingsIcon /> },
    { label: 'Wallet', to: '/dashboard/wallet', icon: <AccountBalanceWalletIcon /> },
    { label: 'Transactions', to: '/dashboard/transactions', icon: <ReceiptLongIcon /> },
    { label: 'Statements', to: '/dashboard/statements', icon: <DescriptionIcon /> },
    { label: 'Withdraw', to: '/dashboard/withdraw', icon: <PaymentsIcon /> },
  ],
  [
    { label: 'Stocks', to: '/dashboard/stocks', icon: <CandlestickChartIcon /> },
    { label: 'Settings', to: '/dashboard/settings', icon: <SettingsIcon /> },
  ],
];

/**
 * Layout of /dashboard/*: investor sidebar + page outlet, the bell and avatar in the header, and
 * the live updates that keep every page current while it is open.
 */
export function DashboardLayout() {
  const logout = useLogout();
  return (
    <>
      <LiveUpdates />
      <SidebarLayout navLabel="Dashboard" groups={groups} onLogout={logout} headerActions={<HeaderActions />} />
    </>
  );
}
