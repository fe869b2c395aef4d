import AccountBalanceIcon from '@mui/icons-material/AccountBalance';
import DashboardIcon from '@mui/icons-material/Dashboard';
import ManageSearchIcon from '@mui/icons-material/ManageSearch';
import PendingActionsIcon from '@mui/icons-material/PendingActions';
import PeopleIcon from '@mui/icons-material/People';
import ReceiptLongIcon from '@mui/icons-material/ReceiptLong';
import SecurityIcon from '@mui/icons-material/Security';
import { msg } from '@cryptovest/common';
import { useTranslation } from 'react-i18next';
import { Navigate, useLocation } from 'react-router';
import { useLogout } from '../../app/session/logout';
import { Loader } from '../../components/Loader';
import { SidebarLayout, type SidebarItem } from '../../components/SidebarLayout';
import { LanguageSwitch } from '../../components/LanguageSwitch';
import { ThemeModeToggle } from '../../components/ThemeModeToggle';
import { ADMIN_SECURITY_PATH, useAdminConfinement } from './security/useAdminConfinement';

/** The administrator's own security settings (issue 13); the one entry while a second factor is missing. */
const security: SidebarItem = { label: msg('Security'), to: ADMIN_SECURITY_PATH, icon: <SecurityIcon /> };

/** Admin sidebar entries (labels are English catalogue keys, shown translated): issue 38's overview first, then SPEC §2 order, issue 12's settlement queue, issue 38's audit log and issue 13's security (Logout is added by the layout). */
const groups: SidebarItem[][] = [
  [
    { label: msg('Overview'), to: '/admin', icon: <DashboardIcon />, end: true },
    { label: msg('Users'), to: '/admin/users', icon: <PeopleIcon /> },
    { label: msg('Accounts'), to: '/admin/accounts', icon: <AccountBalanceIcon /> },
    { label: msg('Transactions'), to: '/admin/transactions', icon: <ReceiptLongIcon /> },
    { label: msg('Due for settlement'), to: '/admin/settlements', icon: <PendingActionsIcon /> },
    { label: msg('Audit log'), to: '/admin/audit', icon: <ManageSearchIcon /> },
  ],
  [security],
];

/**
 * Layout of /admin/*: admin sidebar + page outlet. An administrator without a proven second
 * factor is kept on /admin/security (every other page would be refused by the server) with only
 * that entry in the sidebar, until a factor is set up. The colour theme sits in the header, as in
 * the investor dashboard.
 */
export function AdminLayout() {
  const { t } = useTranslation('admin');
  const logout = useLogout();
  const confinement = useAdminConfinement();
  const { pathname } = useLocation();
  const confined = confinement === 'enrol' || confinement === 'reauth';

  if (confinement === 'loading') return <Loader fullScreen label={t('Loading your account')} />;
  if (confined && pathname !== ADMIN_SECURITY_PATH) return <Navigate to={ADMIN_SECURITY_PATH} replace />;
  return (
    <SidebarLayout
      navLabel={t('Admin')}
      groups={(confined ? [[security]] : groups).map((items) =>
        items.map((item) => ({ ...item, label: t(item.label) })),
      )}
      onLogout={logout}
      headerActions={
        <>
          <LanguageSwitch />
          <ThemeModeToggle inheritColor />
        </>
      }
    />
  );
}
