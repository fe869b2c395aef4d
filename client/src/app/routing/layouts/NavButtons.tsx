import Button from '@mui/material/Button';
import { NavLink, Link as RouterLink } from 'react-router';
import { dashboardPathFor } from '../../session/session';
import { useToken } from '../../session/useToken';
import type { NavItem } from './navLinks';

/** Style of a nav link; the current page (NavLink's aria-current) is underlined, or barred in the phone menu. */
const linkSx = (fullWidth: boolean) =>
  ({
    color: 'text.primary',
    fontWeight: 600,
    justifyContent: fullWidth ? 'flex-start' : 'center',
    '&[aria-current="page"]': {
      color: 'secondary.dark',
      boxShadow: fullWidth ? 'inset 3px 0 0 currentColor' : 'inset 0 -2px 0 currentColor',
      borderRadius: 0,
    },
  }) as const;

/** Login + Sign up for guests; a Dashboard button (to /admin or /dashboard) when signed in. */
export function AccountActions({ fullWidth = false }: { fullWidth?: boolean }) {
  const token = useToken();
  if (token) {
    return (
      <Button
        component={RouterLink}
        to={dashboardPathFor(token)}
        variant="contained"
        color="secondary"
        fullWidth={fullWidth}
      >
        Dashboard
      </Button>
    );
  }
  return (
    <>
      <Button component={RouterLink} to="/login" variant="outlined" color="primary" fullWidth={fullWidth}>
        Login
      </Button>
      <Button component={RouterLink} to="/register" variant="contained" color="secondary" fullWidth={fullWidth}>
        Sign up
      </Button>
    </>
  );
}

/** One nav link (NavLink for pages; a plain Link for the /#services anchor). */
export function NavButton({ item, fullWidth = false }: { item: NavItem; fullWidth?: boolean }) {
  const isAnchor = typeof item.to !== 'string';
  return (
    <Button
      component={isAnchor ? RouterLink : NavLink}
      to={item.to}
      end={isAnchor ? undefined : item.end}
      fullWidth={fullWidth}
      sx={linkSx(fullWidth)}
    >
      {item.label}
    </Button>
  );
}
