import AccountBalanceIcon from '@mui/icons-material/AccountBalance';
import PendingActionsIcon from '@mui/icons-material/PendingActions';
import PeopleIcon from '@mui/icons-material/People';
import ReceiptLongIcon from '@mui/icons-material/ReceiptLong';
import { useLogout } from '../../app/logout';
import { SidebarLayout, type SidebarItem } from '../../components/SidebarLayout';

/** Admin sidebar entries in SPEC §2 order, then issue 12's settlement queue (Logout is added by the layout). */
const groups: SidebarItem[][] = [
  [
    { label: 'Users', to: '/admin/users', icon: <PeopleIcon />, alsoActiveAt: ['/admin'] },
    { label: 'Accounts', to: '/admin/accounts', icon: <AccountBalanceIcon /> },
    { label: 'Transactions', to: '/admin/transactions', icon: <ReceiptLongIcon /> },
    { label: 'Due for settlement', to: '/admin/settlements', icon: <PendingActionsIcon /> },
  ],
];

/** Layout of /admin/*: admin sidebar + page outlet. */
export function AdminLayout() {
  const logout = useLogout();
  return <SidebarLayout navLabel="Admin" groups={groups} onLogout={logout} />;
}
