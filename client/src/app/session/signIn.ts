import { getApolloContext } from '@apollo/client/react';
import { useCallback, useContext } from 'react';
import { pageClientIfCreated } from './pageClient';
import { setToken } from './session';

/**
 * Starts a session with a token from login or e-mail verification: drops every cached result
 * first (the "user store" of SPEC §4, so no previous user's `me` survives), then stores the
 * token, which makes the guards load the new user. Callers navigate afterwards. The client is
 * the provider's above, else the page's if it was ever created (a page that never loaded Apollo,
 * /login or /register opened directly, has no cache to drop).
 */
export function useSignIn(): (token: string) => Promise<void> {
  const provided = useContext(getApolloContext()).client;
  return useCallback(
    async (token: string) => {
      await (provided ?? pageClientIfCreated())?.clearStore();
      setToken(token);
    },
    [provided],
  );
}
