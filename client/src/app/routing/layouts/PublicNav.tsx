import CloseIcon from '@mui/icons-material/Close';
import MenuIcon from '@mui/icons-material/Menu';
import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import Collapse from '@mui/material/Collapse';
import Container from '@mui/material/Container';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Toolbar from '@mui/material/Toolbar';
import { useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { Brand } from '../../../components/Brand';
import { LanguageSwitch } from '../../../components/LanguageSwitch';
import { ThemeModeToggle } from '../../../components/ThemeModeToggle';
import { useHydrated } from '../../../components/useHydrated';
import { currentNavItem, publicNavItems } from './navLinks';
import { AccountActions, NavButton } from './NavButtons';

/**
 * Top navigation of the public pages (SPEC §2); collapses into a menu toggle below md. The
 * language menu and the colour-theme toggle stay in the bar at every width. Escape closes the phone menu. The link of
 * the current page (Services on /#services and /services) is marked.
 */
export function PublicNav() {
  const { t } = useTranslation();
  // The menu remembers the navigation it was opened on, so any navigation closes it.
  const location = useLocation();
  const [openAt, setOpenAt] = useState<string | null>(null);
  const open = openAt === location.key;
  // The server never sees the #hash: until hydrated, mark what it marked (else React keeps its markup).
  const hydrated = useHydrated();
  const current = currentNavItem(publicNavItems, hydrated ? location : { ...location, hash: '' });
  const toggleRef = useRef<HTMLButtonElement>(null);
  const closeOnEscape = (event: KeyboardEvent) => {
    if (event.key !== 'Escape' || !open) return;
    setOpenAt(null);
    toggleRef.current?.focus();
  };

  return (
    <AppBar
      component="header"
      position="sticky"
      color="inherit"
      onKeyDown={closeOnEscape}
      sx={(theme) => ({
        bgcolor: theme.alpha((theme.vars ?? theme).palette.background.paper, 0.96),
        color: 'text.primary',
        backdropFilter: 'blur(8px)',
        borderBottom: 1,
        borderColor: 'divider',
      })}
    >
      <Container maxWidth="lg">
        <Toolbar disableGutters sx={{ minHeight: { xs: 64, md: 72 }, gap: { xs: 0.5, md: 2 } }}>
          <Brand to="/" />
          <Box sx={{ flexGrow: 1 }} />
          <Box
            component="nav"
            aria-label={t('Main')}
            sx={{ display: { xs: 'none', md: 'flex' }, alignItems: 'center', gap: 0.5 }}
          >
            {publicNavItems.map((item) => (
              <NavButton key={item.label} item={item} current={item === current} />
            ))}
            <Stack direction="row" spacing={1} sx={{ ml: 2 }}>
              <AccountActions />
            </Stack>
          </Box>
          <LanguageSwitch />
          <ThemeModeToggle />
          <IconButton
            ref={toggleRef}
            sx={{ display: { md: 'none' }, color: 'text.primary' }}
            aria-label={open ? t('Close menu') : t('Open menu')}
            aria-controls="mobile-menu"
            aria-expanded={open}
            onClick={() => setOpenAt(open ? null : location.key)}
          >
            {open ? <CloseIcon /> : <MenuIcon />}
          </IconButton>
        </Toolbar>
      </Container>
      <Collapse in={open} id="mobile-menu" sx={{ display: { md: 'none' } }}>
        <Box component="nav" aria-label={t('Main')} sx={{ px: 2, pb: 2, borderTop: 1, borderColor: 'divider' }}>
          <Stack spacing={0.5} sx={{ pt: 1 }}>
            {publicNavItems.map((item) => (
              <NavButton key={item.label} item={item} current={item === current} fullWidth />
            ))}
          </Stack>
          <Stack spacing={1} sx={{ mt: 1.5 }}>
            <AccountActions fullWidth />
          </Stack>
        </Box>
      </Collapse>
    </AppBar>
  );
}
