/**
 * How the lazily created Apollo client should talk to the server. main.tsx (the only reader of
 * the build env) fills this in; the Apollo chunk reads it when the first data route mounts, so
 * public pages that need no data never download Apollo.
 */
export interface ApolloSettings {
  uri: string;
  dev: boolean;
  /** Where the 401 rule sends the visitor once the session is dropped (SPEC §8: `/`). */
  goHome: () => void;
  /** In-app navigation (the router's): where the 401 rule sends the visitor to sign in again (issue 38). */
  goTo?: (path: string) => void;
}

let settings: ApolloSettings = { uri: '/graphql', dev: false, goHome: () => window.location.assign('/') };

/** Called once by main.tsx, before the first render. */
export function configureApollo(next: ApolloSettings): void {
  settings = next;
}

/** The settings in force. */
export function apolloSettings(): ApolloSettings {
  return settings;
}
