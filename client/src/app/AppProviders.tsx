import type { ApolloClient } from '@apollo/client';
import { ApolloProvider } from '@apollo/client/react';
import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import type { ReactNode } from 'react';
import { theme } from './theme';
import { ToastProvider } from './ToastProvider';

/** App-wide context: theme + baseline CSS, toasts, and the Apollo client. */
export function AppProviders({ client, children }: { client: ApolloClient; children: ReactNode }) {
  return (
    <ThemeProvider theme={theme}>
      <CssBaseline />
      <ToastProvider>
        <ApolloProvider client={client}>{children}</ApolloProvider>
      </ToastProvider>
    </ThemeProvider>
  );
}
