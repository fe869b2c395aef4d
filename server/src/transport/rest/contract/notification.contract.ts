import { z } from 'zod';
import { NotificationKind } from '../../../modules/notifications';
import { ApiKeyScope, Role } from '../../../modules/user';
import { operation } from './operation';
import { enumOf, Id, Instant, maybe, PagingQuery } from './shapes';

const TAG = 'Notifications';

/** GET /api/notifications: the caller's notifications. */
export const listNotifications = operation({
  id: 'listNotifications',
  method: 'get',
  path: '/notifications',
  tag: TAG,
  summary: "The caller's notifications, newest first",
  description:
    '`body` is plain text (render it as text); `transactionId` is null for admin messages; `readAt` null while ' +
    'unread. `meta.unread` counts all unread ones, not just this page.',
  auth: { role: Role.USER, scopes: [ApiKeyScope.ACCOUNT_READ] },
  query: PagingQuery,
  ok: {
    status: 200,
    data: z.array(
      z
        .strictObject({
          _id: Id,
          id: Id,
          kind: enumOf(NotificationKind),
          title: z.string(),
          body: z.string(),
          transactionId: maybe(Id),
          createdAt: Instant,
          readAt: maybe(Instant),
        })
        .meta({ id: 'Notification' }),
    ),
    meta: z.strictObject({
      total: z.int(),
      page: z.int(),
      pageSize: z.int(),
      limit: z.int(),
      unread: z.int().meta({ description: "All the caller's unread notifications" }),
    }),
  },
});

/** POST /api/notifications/read: mark some or all as read. */
export const markNotificationsRead = operation({
  id: 'markNotificationsRead',
  method: 'post',
  path: '/notifications/read',
  tag: TAG,
  summary: 'Mark notifications read',
  description:
    "`{ ids }` (at most 500) or `{ all: true }`. Only the caller's own change: other users' ids, unknown ids " +
    'and already-read ones count 0 (never an error). 422 on `ids` when neither is sent or `ids` is not a list of ' +
    'strings, on `all` when it is not a boolean.',
  auth: { role: Role.USER },
  body: {
    json: z.object({
      ids: z.array(z.string()).max(500).optional(),
      all: z.boolean().optional(),
    }),
  },
  ok: {
    status: 200,
    data: z.strictObject({
      changed: z.int().meta({ description: 'How many were marked now' }),
      unread: z.int().meta({ description: 'How many stay unread' }),
    }),
  },
});
