import type { ApolloClient } from '@apollo/client';
import { useApolloClient } from '@apollo/client/react';
import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { clearToken } from './session';

/**
 * Ends the session: removes the token, leaves for `/`, then drops every cached result (the
 * "user store" of SPEC §4). Navigating before clearing keeps guarded screens from flashing.
 * Used by the Logout buttons and by the 401 rule.
 */
export function endSession(client: ApolloClient, goHome: () => void): void {
  clearToken();
  goHome();
  client.clearStore().catch(() => undefined);
}

/** Logout action for the dashboard and admin sidebars (SPEC §2). */
export function useLogout(): () => void {
  const client = useApolloClient();
  const navigate = useNavigate();
  return useCallback(() => endSession(client, () => navigate('/', { replace: true })), [client, navigate]);
}
