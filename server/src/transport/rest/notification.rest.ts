import { queryPaging } from './params';
import type { AuthDeps } from './auth';
import type { RestApi } from './mount';
import * as ops from './contract/notification.contract';
import { withLegacyId } from './presenters';
import { route, sendData } from './respond';
import { type NotificationService, type Notification, NOTIFICATION_PAGE_SIZE } from '../../modules/notifications';
import { unwrapData } from '../../kernel/validation';

/** The services this adapter calls; the composition root passes them. */
export interface NotificationRestDeps extends AuthDeps {
  notifications: NotificationService;
}

/** A notification in the legacy shape (`_id` beside `id`). */
export function presentNotification(n: Notification) {
  return withLegacyId({
    id: n.id,
    kind: n.kind,
    title: n.title,
    body: n.body,
    transactionId: n.transactionId,
    createdAt: n.createdAt,
    readAt: n.readAt,
  });
}

/** GET /api/notifications (?page, ?limit; meta.unread) and POST /api/notifications/read ({ ids } or { all: true }). */
export function notificationRoutes(api: RestApi, services: NotificationRestDeps): void {
  api.mount(
    ops.listNotifications,
    route(async (req, res) => {
      const paging = queryPaging(req.query, NOTIFICATION_PAGE_SIZE);
      const page = await services.notifications.list(req.user!.id, paging);
      res.status(200).json({
        data: page.items.map(presentNotification),
        meta: {
          total: page.total,
          page: page.page,
          pageSize: page.pageSize,
          limit: page.pageSize,
          unread: page.unread,
        },
      });
    }),
  );
  api.mount(
    ops.markNotificationsRead,
    route(async (req, res) => {
      const body = unwrapData(req.body);
      const input = body && typeof body === 'object' && !Array.isArray(body) ? (body as Record<string, unknown>) : {};
      const changed = await services.notifications.markRead(req.user!.id, { ids: input.ids, all: input.all });
      sendData(res, { changed, unread: await services.notifications.unreadCount(req.user!.id) });
    }),
  );
}
