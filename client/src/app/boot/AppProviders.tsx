import type { SiteConfig } from '@cryptovest/common';
import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import type { i18n as I18n } from 'i18next';
import type { ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { SiteProvider } from '../site/site';
import { theme } from '../theme/theme';
import { ToastProvider } from '../toasts/ToastProvider';

/**
 * App-wide context: the page's language and its words, theme (light/dark following the system until the visitor picks one),
 * baseline CSS, the operator's site config and toasts. Apollo is not here: it is provided by
 * the lazily loaded ApolloOutlet around the routes that use the API.
 *
 * `noSsr`: the theme provider reads the stored mode in its first render instead of rendering
 * again once hydrated (a second, blocking render of the provider on every page load). No markup
 * depends on the mode (CSS variables switch the colours) except ThemeModeToggle, which waits for
 * hydration itself.
 */
export function AppProviders({ site, i18n, children }: { site: SiteConfig; i18n: I18n; children: ReactNode }) {
  return (
    <I18nextProvider i18n={i18n}>
      <ThemeProvider theme={theme} defaultMode="system" noSsr>
        <CssBaseline enableColorScheme />
        <SiteProvider value={site}>
          <ToastProvider>{children}</ToastProvider>
        </SiteProvider>
      </ThemeProvider>
    </I18nextProvider>
  );
}
