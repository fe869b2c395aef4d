import { useApolloClient } from '@apollo/client/react';
import { useCallback } from 'react';
import { setToken } from './session';

/**
 * Starts a session with a token from login or e-mail verification: drops every cached result
 * first (the "user store" of SPEC §4, so no previous user's `me` survives), then stores the
 * token, which makes the guards load the new user. Callers navigate afterwards.
 */
export function useSignIn(): (token: string) => Promise<void> {
  const client = useApolloClient();
  return useCallback(
    async (token: string) => {
      await client.clearStore();
      setToken(token);
    },
    [client],
  );
}
