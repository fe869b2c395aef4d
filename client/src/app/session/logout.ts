import type { ApolloClient } from '@apollo/client';
import { useApolloClient } from '@apollo/client/react';
import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { clearToken, getToken } from './session';
import { loginPathAfterSessionEnd, type SessionEndReason } from './sessionEnd';

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

/**
 * The 401 rule (issue 38): the server refused the stored token (expired, signed out elsewhere,
 * password changed), so the session ends and the visitor goes to the sign-in page saying why,
 * with the page they were on to return to. Only the first refusal acts: the token is gone after
 * it, so the other requests refused at the same time do not send the sign-in page to itself.
 */
export function endRefusedSession(client: ApolloClient, reason: SessionEndReason, goTo: (path: string) => void): void {
  if (!getToken()) return;
  const { pathname, search, hash } = window.location;
  endSession(client, () => goTo(loginPathAfterSessionEnd(reason, { pathname, search, hash })));
}

/** Logout action for the dashboard and admin sidebars (SPEC §2). */
export function useLogout(): () => void {
  const client = useApolloClient();
  const navigate = useNavigate();
  return useCallback(() => endSession(client, () => navigate('/', { replace: true })), [client, navigate]);
}
