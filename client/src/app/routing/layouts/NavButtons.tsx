import Button from '@mui/material/Button';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { dashboardPathFor } from '../../session/session';
import { useToken } from '../../session/useToken';
import type { NavItem } from './navLinks';

/** Style of a nav link; the current page (aria-current) is underlined, or barred in the phone menu. */
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
  const { t } = useTranslation();
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
        {t('Dashboard')}
      </Button>
    );
  }
  return (
    <>
      <Button component={RouterLink} to="/login" variant="outlined" color="primary" fullWidth={fullWidth}>
        {t('Login')}
      </Button>
      <Button component={RouterLink} to="/register" variant="contained" color="secondary" fullWidth={fullWidth}>
        {t('Sign up')}
      </Button>
    </>
  );
}

/** Props of NavButton. */
export interface NavButtonProps {
  item: NavItem;
  /** The current page (see currentNavItem): marked with aria-current and the underline. */
  current: boolean;
  fullWidth?: boolean;
}

/** One link of the public navigation. */
export function NavButton({ item, current, fullWidth = false }: NavButtonProps) {
  const { t } = useTranslation();
  return (
    <Button
      component={RouterLink}
      to={item.to}
      aria-current={current ? 'page' : undefined}
      fullWidth={fullWidth}
      sx={linkSx(fullWidth)}
    >
      {t(item.label)}
    </Button>
  );
}
