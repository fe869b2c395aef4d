import type { SiteConfig } from '@cryptovest/common';
import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import type { ReactNode } from 'react';
import { SiteProvider } from '../site/site';
import { theme } from '../theme/theme';
import { ToastProvider } from '../toasts/ToastProvider';

/**
 * App-wide context: theme (light/dark following the system until the visitor picks one),
 * baseline CSS, the operator's site config and toasts. Apollo is not here: it is provided by
 * the lazily loaded ApolloOutlet around the routes that use the API.
 *
 * `noSsr`: the theme provider reads the stored mode in its first render instead of rendering
 * again once hydrated (a second, blocking render of the provider on every page load). No markup
 * depends on the mode (CSS variables switch the colours) except ThemeModeToggle, which waits for
 * hydration itself.
 */
export function AppProviders({ site, children }: { site: SiteConfig; children: ReactNode }) {
  return (
    <ThemeProvider theme={theme} defaultMode="system" noSsr>
      <CssBaseline enableColorScheme />
      <SiteProvider value={site}>
        <ToastProvider>{children}</ToastProvider>
      </SiteProvider>
    </ThemeProvider>
  );
}
