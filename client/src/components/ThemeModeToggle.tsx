import DarkModeIcon from '@mui/icons-material/DarkModeOutlined';
import LightModeIcon from '@mui/icons-material/LightModeOutlined';
import SystemModeIcon from '@mui/icons-material/BrightnessAutoOutlined';
import IconButton from '@mui/material/IconButton';
import { useColorScheme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import { msg } from '@cryptovest/common';
import { useTranslation } from 'react-i18next';
import { useHydrated } from './useHydrated';

/** A colour mode the visitor can pick: follow the system, or force light or dark. */
export type ThemeMode = 'system' | 'light' | 'dark';

/**
 * The button's name for each mode and the mode a click moves to: whole sentences (catalogue
 * keys), so each language words both themes its own way.
 */
const LABELS: Record<ThemeMode, Partial<Record<ThemeMode, string>>> = {
  system: {
    light: msg('Using system theme. Switch to light theme'),
    dark: msg('Using system theme. Switch to dark theme'),
  },
  light: {
    dark: msg('Using light theme. Switch to dark theme'),
    system: msg('Using light theme. Switch to system theme'),
  },
  dark: {
    light: msg('Using dark theme. Switch to light theme'),
    system: msg('Using dark theme. Switch to system theme'),
  },
};
const ICONS = { system: SystemModeIcon, light: LightModeIcon, dark: DarkModeIcon } as const;

/**
 * The mode one click moves to: from the system setting to the scheme it is *not* showing,
 * then to the other explicit scheme, then back to the system setting. So the first two clicks
 * always change what the visitor sees, and three clicks return to where they started.
 */
export function nextThemeMode(mode: ThemeMode, systemScheme: 'light' | 'dark'): ThemeMode {
  if (mode === 'system') return systemScheme === 'dark' ? 'light' : 'dark';
  const other = mode === 'dark' ? 'light' : 'dark';
  return other === systemScheme ? other : 'system';
}

/**
 * Nav button switching between the system, light and dark colour schemes (MUI stores the
 * choice). The stored mode is unknown on the server, so until the page has hydrated it renders
 * a fixed icon and label, keeping the first client render identical to the server markup (and
 * only this button renders again after hydration, see AppProviders).
 * `inheritColor` takes the surrounding text colour (the dashboard's navy phone bar).
 */
export function ThemeModeToggle({ inheritColor = false }: { inheritColor?: boolean }) {
  const { t } = useTranslation();
  const sx = { color: inheritColor ? 'inherit' : 'text.primary' };
  const { mode, setMode } = useColorScheme();
  const prefersDark = useMediaQuery('(prefers-color-scheme: dark)');
  const current = mode as ThemeMode | undefined;
  const hydrated = useHydrated();

  if (!hydrated || !current) {
    return (
      <IconButton aria-label={t('Change colour theme')} title={t('Change colour theme')} sx={sx}>
        <SystemModeIcon />
      </IconButton>
    );
  }
  const next = nextThemeMode(current, prefersDark ? 'dark' : 'light');
  const label = t(LABELS[current][next] ?? 'Change colour theme');
  const Icon = ICONS[current];
  return (
    <IconButton aria-label={label} title={label} onClick={() => setMode(next)} sx={sx}>
      <Icon />
    </IconButton>
  );
}
