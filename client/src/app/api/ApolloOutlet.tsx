import type { ApolloClient } from '@apollo/client';
import { ApolloProvider } from '@apollo/client/react';
import { createContext, useContext } from 'react';
import { Outlet } from 'react-router';
import { createApolloClient } from './apollo';
import { apolloSettings } from './apolloSettings';
import { endRefusedSession } from '../session/logout';
import { registerPageClient } from '../session/pageClient';
import { readInlinedApolloState } from '../ssr/apolloState';

let shared: ApolloClient | undefined;

/**
 * The one Apollo client of the page, created on first use with the 401 rule wired in. Its cache
 * starts from what the server rendered the page with, so hydration reads the same data. Also
 * what useDeferredMutation sends with.
 */
export function appClient(): ApolloClient {
  if (!shared) {
    const { uri, dev, goTo = (path: string) => window.location.assign(path) } = apolloSettings();
    const client: ApolloClient = createApolloClient({
      uri,
      dev,
      onUnauthorized: (reason) => endRefusedSession(client, reason, goTo),
    });
    client.cache.restore(readInlinedApolloState());
    shared = client;
    registerPageClient(client);
  }
  return shared;
}

/**
 * The client the server renderer prepared for one render (its cache seeded with the page's
 * data, no network); unset in the browser, where the page's shared client is used.
 */
export const PreparedApolloClient = createContext<ApolloClient | null>(null);

/**
 * Layout route that provides Apollo to the routes that talk to the API (services, contact,
 * sign-in pages, dashboard, admin). It is its own chunk, so home, about and terms load no
 * GraphQL code at all (issue 4: at most 200 KB of JS on `/`).
 */
export function ApolloOutlet() {
  const prepared = useContext(PreparedApolloClient);
  return (
    <ApolloProvider client={prepared ?? appClient()}>
      <Outlet />
    </ApolloProvider>
  );
}
