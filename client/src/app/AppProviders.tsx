import type { SiteConfig } from '@cryptovest/common';
import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import type { ReactNode } from 'react';
import { SiteProvider } from './site';
import { theme } from './theme';
import { ToastProvider } from './ToastProvider';

/**
 * App-wide context: theme (light/dark following the system until the visitor picks one),
 * baseline CSS, the operator's site config and toasts. Apollo is not here: it is provided by
 * the lazily loaded ApolloOutlet around the routes that use the API.
 */
export function AppProviders({ site, children }: { site: SiteConfig; children: ReactNode }) {
  return (
    <ThemeProvider theme={theme} defaultMode="system">
      <CssBaseline enableColorScheme />
      <SiteProvider value={site}>
        <ToastProvider>{children}</ToastProvider>
      </SiteProvider>
    </ThemeProvider>
  );
}
