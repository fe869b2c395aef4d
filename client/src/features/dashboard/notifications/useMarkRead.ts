import type { ApolloCache } from '@apollo/client';
import { useCallback } from 'react';
import { useServerErrors } from '../../../app/api/graphqlErrors';
import { useMarkNotificationsReadMutation } from '../../../generated/hooks';

/** Which notifications to mark: some (by id), or all (those loaded are updated on screen). */
export type MarkTarget = { ids: string[] } | { all: true; loaded: string[] };

/**
 * Shows the change at once in the cache: the notifications get a read time and the badge drops by
 * as many as the server says changed (to zero for "all").
 */
function markInCache(cache: ApolloCache, target: MarkTarget, changed: number): void {
  const now = new Date().toISOString();
  const ids = 'all' in target ? target.loaded : target.ids;
  for (const id of ids) {
    cache.modify({
      id: cache.identify({ __typename: 'Notification', id }),
      fields: { readAt: (readAt: string | null) => readAt ?? now },
    });
  }
  cache.modify({
    fields: {
      unreadNotificationCount: (count: number) => ('all' in target ? 0 : Math.max(0, count - changed)),
    },
  });
}

/** Marks notifications read; a failure is toasted and the bell stays as it was. */
export function useMarkRead(): (target: MarkTarget) => Promise<void> {
  const [markRead] = useMarkNotificationsReadMutation();
  const reportError = useServerErrors();
  return useCallback(
    async (target) => {
      try {
        await markRead({
          variables: 'all' in target ? { all: true } : { ids: target.ids },
          update: (cache, { data }) => markInCache(cache, target, data?.markNotificationsRead ?? 0),
        });
      } catch (error) {
        reportError(error);
      }
    },
    [markRead, reportError],
  );
}
