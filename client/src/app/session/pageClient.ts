import type { ApolloClient } from '@apollo/client';

let created: ApolloClient | undefined;

/**
 * The page's Apollo client if it has been created (ApolloOutlet makes it on first use), without
 * loading Apollo's code: a sign-in on a page that never loaded it has no cache to drop.
 */
export function pageClientIfCreated(): ApolloClient | undefined {
  return created;
}

/** Called once by ApolloOutlet when it creates the page's client. */
export function registerPageClient(client: ApolloClient): void {
  created = client;
}
