import { useApolloClient } from '@apollo/client/react';
import { useSnackbar } from 'notistack';
import { useEffect, useRef } from 'react';
import { closeCodeOf, onLiveReconnected, UNAUTHORIZED_CLOSE } from '../../../app/api/liveEvents';
import { useToken } from '../../../app/session/useToken';
import { useAccountLiveSubscription, useNotificationLiveSubscription } from '../../../generated/hooks';
import { ACCOUNT_DOCUMENTS, NOTIFICATION_DOCUMENTS, refetchDocuments } from './refetch';

/** After a 4401 close, how long to wait before asking over HTTP whether the session still holds. */
const SESSION_PROBE_MS = 2000;
/** After any other subscription failure, when to subscribe again. */
const RESUBSCRIBE_MS = 10_000;

/**
 * Keeps the investor's dashboard current without reloads (issue 12): subscribes to
 * `accountChanged` and `notificationAdded` and refetches what they concern. Renders nothing.
 * Re-created for each token (`key`), so a new token (e.g. after a password change) reconnects.
 */
export function LiveUpdates() {
  const token = useToken();
  return token ? <LiveSubscriptions key={token} /> : null;
}

/** The two subscriptions of one session. */
function LiveSubscriptions() {
  const client = useApolloClient();
  const { enqueueSnackbar } = useSnackbar();
  const timers = useRef(new Set<ReturnType<typeof setTimeout>>());

  useEffect(() => {
    const pending = timers.current;
    const stop = onLiveReconnected(() => refetchDocuments(client, 'all')); // changes missed while away
    return () => {
      stop();
      for (const timer of pending) clearTimeout(timer);
      pending.clear();
    };
  }, [client]);

  /** Runs `action` after `ms` unless the session ended meanwhile. */
  const later = (ms: number, action: () => void) => {
    const timer = setTimeout(() => {
      timers.current.delete(timer);
      action();
    }, ms);
    timers.current.add(timer);
  };

  /**
   * A signed-out socket (4401) is not retried: one HTTP request then lets the app's 401 rule end a
   * dead session (a replaced token re-creates this component first). Other failures resubscribe.
   */
  const failed = (restart: () => void) => (error: unknown) => {
    if (closeCodeOf(error) === UNAUTHORIZED_CLOSE)
      later(SESSION_PROBE_MS, () => refetchDocuments(client, NOTIFICATION_DOCUMENTS));
    else later(RESUBSCRIBE_MS, restart);
  };

  const account = useAccountLiveSubscription({
    onData: ({ data }) => {
      const change = data.data?.accountChanged;
      if (change) refetchDocuments(client, change.reason === 'RESYNC' ? 'all' : ACCOUNT_DOCUMENTS);
    },
    ignoreResults: true,
    onError: (error) => failed(account.restart)(error),
  });
  const notifications = useNotificationLiveSubscription({
    onData: ({ data }) => {
      const added = data.data?.notificationAdded;
      if (!added) return;
      enqueueSnackbar(added.title, { variant: 'info' });
      refetchDocuments(client, NOTIFICATION_DOCUMENTS);
    },
    ignoreResults: true,
    onError: (error) => failed(notifications.restart)(error),
  });
  return null;
}
