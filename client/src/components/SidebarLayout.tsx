import LogoutIcon from '@mui/icons-material/Logout';
import MenuIcon from '@mui/icons-material/Menu';
import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import Divider from '@mui/material/Divider';
import Drawer from '@mui/material/Drawer';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Toolbar from '@mui/material/Toolbar';
import type { Theme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import { Suspense, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, matchPath, Outlet, useLocation } from 'react-router';
import { Brand } from './Brand';
import { Loader } from './Loader';

/** Width of the sidebar on medium screens and up. */
const DRAWER_WIDTH = 248;

/** One sidebar entry. */
export interface SidebarItem {
  /** Shown as given: the caller translates it. */
  label: string;
  to: string;
  icon: ReactNode;
  /** Match the path exactly (for index routes). */
  end?: boolean;
  /** Other paths that show the same screen, e.g. /admin for Users. */
  alsoActiveAt?: string[];
}

/** True when `item` is the current screen. */
function isActive(item: SidebarItem, pathname: string): boolean {
  if (matchPath({ path: item.to, end: item.end ?? false }, pathname)) return true;
  return (item.alsoActiveAt ?? []).some((path) => matchPath({ path, end: true }, pathname));
}

/** Props of SidebarLayout. */
export interface SidebarLayoutProps {
  /** Accessible name of the sidebar navigation, e.g. "Dashboard" (translated by the caller). */
  navLabel: string;
  /** Groups of entries, separated by dividers (SPEC §2 lists them in this order). */
  groups: SidebarItem[][];
  onLogout: () => void;
  /** Controls at the right of the phone top bar, and at the top right of the page on desktop (bell, avatar). */
  headerActions?: ReactNode;
}

/**
 * Dark teal under the current entry in both schemes: the sidebar stays navy, so the dark scheme's
 * lifted `secondary.dark` (#2dd4bf) would put white text at 1.9:1; this keeps it above 7:1.
 */
const SELECTED_TEAL = '#115e59';

/** Style of every sidebar entry: light text on the navy sidebar, teal when current. */
const itemSx = {
  mx: 1.5,
  my: 0.25,
  borderRadius: 2,
  color: 'rgba(255,255,255,0.82)',
  '&:hover': { bgcolor: 'rgba(255,255,255,0.08)' },
  '&.Mui-selected, &.Mui-selected:hover': { bgcolor: SELECTED_TEAL, color: '#ffffff' },
} as const;

/** The sidebar and phone top bar stay navy in both colour schemes (white text passes AA on it). */
const NAVY = '#0b2a4a';

/**
 * Shell of the investor dashboard and the admin area: a permanent sidebar on desktop; on small
 * screens a top bar whose menu toggle opens the same sidebar as a drawer.
 */
export function SidebarLayout({ navLabel, groups, onLogout, headerActions }: SidebarLayoutProps) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const { pathname } = useLocation();
  // The header actions are mounted once, in the phone bar or the desktop corner (client-only areas).
  const desktop = useMediaQuery((theme: Theme) => theme.breakpoints.up('md'), { noSsr: true });
  const close = () => setOpen(false);

  const sidebar = (
    <Box component="nav" aria-label={navLabel} sx={{ height: '100%', display: 'flex', flexDirection: 'column' }}>
      <Toolbar sx={{ px: 2.5 }}>
        <Brand to="/" onDark />
      </Toolbar>
      {groups.map((items, index) => (
        <Box key={index}>
          {index > 0 && <Divider sx={{ borderColor: 'rgba(255,255,255,0.12)', my: 1 }} />}
          <List disablePadding>
            {items.map((item) => (
              <ListItem key={item.to} disablePadding>
                <ListItemButton
                  component={RouterLink}
                  to={item.to}
                  selected={isActive(item, pathname)}
                  aria-current={isActive(item, pathname) ? 'page' : undefined}
                  onClick={close}
                  sx={{ ...itemSx, flexGrow: 1 }}
                >
                  <ListItemIcon sx={{ color: 'inherit', minWidth: 38 }}>{item.icon}</ListItemIcon>
                  <ListItemText primary={item.label} />
                </ListItemButton>
              </ListItem>
            ))}
          </List>
        </Box>
      ))}
      <Box sx={{ flexGrow: 1 }} />
      <List>
        <ListItem disablePadding>
          <ListItemButton
            onClick={() => {
              close();
              onLogout();
            }}
            sx={{ ...itemSx, mb: 1, flexGrow: 1 }}
          >
            <ListItemIcon sx={{ color: 'inherit', minWidth: 38 }}>
              <LogoutIcon />
            </ListItemIcon>
            <ListItemText primary={t('Logout')} />
          </ListItemButton>
        </ListItem>
      </List>
    </Box>
  );

  const paperSx = {
    width: DRAWER_WIDTH,
    bgcolor: NAVY,
    color: '#ffffff',
    '--focus-ring': '#ffffff',
    border: 0,
  };

  return (
    <Box sx={{ display: 'flex', minHeight: '100vh', position: 'relative' }}>
      <AppBar
        component="header"
        position="fixed"
        sx={{ display: { md: 'none' }, bgcolor: NAVY, color: '#ffffff', '--focus-ring': '#ffffff' }}
      >
        <Toolbar>
          <IconButton
            color="inherit"
            edge="start"
            aria-label={t('Open menu')}
            aria-controls="sidebar-drawer"
            aria-expanded={open}
            onClick={() => setOpen(true)}
            sx={{ mr: 1 }}
          >
            <MenuIcon />
          </IconButton>
          <Brand to="/" onDark />
          <Box sx={{ flexGrow: 1 }} />
          {!desktop && headerActions}
        </Toolbar>
      </AppBar>
      <Drawer
        id="sidebar-drawer"
        variant="temporary"
        open={open}
        onClose={close}
        ModalProps={{ keepMounted: false }}
        sx={{ display: { xs: 'block', md: 'none' }, '& .MuiDrawer-paper': paperSx }}
      >
        {sidebar}
      </Drawer>
      <Drawer
        variant="permanent"
        open
        sx={{ display: { xs: 'none', md: 'block' }, width: DRAWER_WIDTH, flexShrink: 0, '& .MuiDrawer-paper': paperSx }}
      >
        {sidebar}
      </Drawer>
      {desktop && headerActions && (
        // Desktop: at the top right beside the page's h1 (DashboardPage keeps room for it), so no
        // bar pushes the page down; before <main> in the tab order, and not part of it.
        <Box sx={{ display: 'flex', position: 'absolute', top: 24, right: 32, zIndex: 1 }}>{headerActions}</Box>
      )}
      <Box component="main" id="main-content" tabIndex={-1} sx={{ flexGrow: 1, minWidth: 0, outline: 'none' }}>
        <Toolbar sx={{ display: { md: 'none' } }} />
        <Suspense fallback={<Loader />}>
          <Outlet />
        </Suspense>
      </Box>
    </Box>
  );
}
