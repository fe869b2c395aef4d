import type { ApolloClient } from '@apollo/client';
import { ApolloProvider } from '@apollo/client/react';
import { Outlet } from 'react-router';
import { createApolloClient } from './apollo';
import { apolloSettings } from './apolloSettings';
import { endSession } from './logout';

let shared: ApolloClient | undefined;

/** The one Apollo client of the page, created on first use with the 401 rule wired in. */
function appClient(): ApolloClient {
  if (!shared) {
    const { uri, dev, goHome } = apolloSettings();
    const client: ApolloClient = createApolloClient({ uri, dev, onUnauthorized: () => endSession(client, goHome) });
    shared = client;
  }
  return shared;
}

/**
 * Layout route that provides Apollo to the routes that talk to the API (services, contact,
 * sign-in pages, dashboard, admin). It is its own chunk, so home, about and terms load no
 * GraphQL code at all (issue 4: at most 200 KB of JS on `/`).
 */
export function ApolloOutlet() {
  return (
    <ApolloProvider client={appClient()}>
      <Outlet />
    </ApolloProvider>
  );
}
