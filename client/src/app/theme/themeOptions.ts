import type { ThemeOptions } from '@mui/material/styles';

/**
 * Inter, shipped with the app (issue 38, defect 2: the layout followed whatever fonts the
 * visitor's system had, and a table overflowed under DejaVu Sans). The woff2 files are bundled
 * from @fontsource-variable/inter (imported by the entry, served from our origin, so it works
 * offline); until one has loaded, a local font scaled to Inter's metrics stands in
 * (fontFallback.css), then the system stack.
 */
const fontFamily = [
  '"Inter Variable"',
  '"Inter Fallback"',
  '"Inter Fallback DejaVu"',
  '-apple-system',
  'BlinkMacSystemFont',
  '"Segoe UI"',
  'Roboto',
  '"Helvetica Neue"',
  'Arial',
  '"Noto Sans"',
  'sans-serif',
  '"Apple Color Emoji"',
  '"Segoe UI Emoji"',
].join(',');

/** Brand colours; every text/background pair used meets WCAG AA (>= 4.5:1). */
export const brand = {
  navy: '#0b2a4a',
  navyDark: '#071d34',
  teal: '#0f766e',
  tealLight: '#5eead4',
  ink: '#0f1c2e',
  muted: '#475569',
  surface: '#f4f7fb',
} as const;

/** Light palette: deep navy primary, teal secondary; every pair meets WCAG AA. */
const lightPalette = {
  primary: { main: brand.navy, dark: brand.navyDark, light: '#1e4976', contrastText: '#ffffff' },
  secondary: { main: brand.teal, dark: '#115e59', light: '#14b8a6', contrastText: '#ffffff' },
  success: { main: '#15803d', contrastText: '#ffffff' },
  warning: { main: '#b45309', contrastText: '#ffffff' },
  error: { main: '#b91c1c', contrastText: '#ffffff' },
  info: { main: '#0369a1', contrastText: '#ffffff' },
  background: { default: brand.surface, paper: '#ffffff' },
  text: { primary: brand.ink, secondary: brand.muted },
  divider: 'rgba(15, 28, 46, 0.12)',
} as const;

/** Dark palette: same hues lifted for dark surfaces; text pairs again meet WCAG AA. */
const darkPalette = {
  primary: { main: '#93c5fd', dark: '#60a5fa', light: '#bfdbfe', contrastText: '#071d34' },
  secondary: { main: brand.tealLight, dark: '#2dd4bf', light: '#99f6e4', contrastText: '#042f2e' },
  success: { main: '#4ade80', contrastText: '#052e16' },
  warning: { main: '#fbbf24', contrastText: '#2a1602' },
  error: { main: '#f87171', contrastText: '#2a0606' },
  info: { main: '#7dd3fc', contrastText: '#062033' },
  background: { default: '#0a1220', paper: '#111c2e' },
  text: { primary: '#e6edf6', secondary: '#a9b8cc' },
  divider: 'rgba(230, 237, 246, 0.14)',
} as const;

/**
 * What the app's MUI theme is made of: light and dark colour schemes as CSS variables. The scheme
 * follows the system setting until the visitor picks one (stored by MUI under `mui-mode`); the
 * class on <html> is set before first paint by MUI's init script, which the server inlines with a
 * CSP hash.
 */
export const themeOptions: ThemeOptions = {
  cssVariables: { colorSchemeSelector: 'class' },
  colorSchemes: { light: { palette: lightPalette }, dark: { palette: darkPalette } },
  shape: { borderRadius: 10 },
  typography: {
    fontFamily,
    h1: { fontWeight: 800, letterSpacing: '-0.02em' },
    h2: { fontWeight: 800, letterSpacing: '-0.015em' },
    h3: { fontWeight: 700 },
    h4: { fontWeight: 700 },
    h5: { fontWeight: 700 },
    h6: { fontWeight: 700 },
    button: { textTransform: 'none', fontWeight: 600 },
  },
  components: {
    MuiCssBaseline: {
      styleOverrides: (t) => ({
        ':root': { '--focus-ring': t.vars?.palette.secondary.main ?? brand.teal },
        '@media (prefers-reduced-motion: reduce)': {
          '*, *::before, *::after': {
            transitionDuration: '0.01ms !important',
            animationDuration: '0.01ms !important',
            scrollBehavior: 'auto !important',
          },
        },
        ':focus-visible': { outline: '3px solid var(--focus-ring)', outlineOffset: '2px' },
        '[id]': { scrollMarginTop: '80px' },
      }),
    },
    MuiButtonBase: {
      defaultProps: { disableRipple: false },
      styleOverrides: {
        root: { '&.Mui-focusVisible': { outline: '3px solid var(--focus-ring)', outlineOffset: '2px' } },
      },
    },
    MuiButton: {
      defaultProps: { disableElevation: true },
      styleOverrides: { root: { borderRadius: 8, paddingInline: 18 } },
    },
    MuiCard: {
      defaultProps: { variant: 'outlined' },
      styleOverrides: { root: { borderRadius: 14 } },
    },
    MuiLink: { defaultProps: { underline: 'hover' } },
    // An open menu or popover (the bell's "Mark all as read", a select's options) sits above the
    // toasts, which would otherwise cover its top (issue 38, defect 10): the user opened it.
    MuiPopover: { styleOverrides: { root: ({ theme }) => ({ zIndex: theme.zIndex.snackbar + 1 }) } },
    MuiAppBar: { defaultProps: { elevation: 0 } },
  },
};

/** Where MUI keeps the visitor's choice (light, dark or system); read by the init script. */
export const COLOR_MODE_STORAGE_KEY = 'mui-mode';
