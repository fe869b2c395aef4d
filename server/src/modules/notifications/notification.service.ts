import { DEFAULT_LOCALE, type Locale } from '@cryptovest/common';
import type { DataSource, EntityManager } from 'typeorm';
import type { Clock } from '../../kernel/clock';
import { sqlRows } from '../../db/sql';
import { AppError, ErrorCode } from '../../kernel/errors';
import type { Page } from '../../kernel/paging';
import { publishLive, type LiveUpdate } from '../../platform/live';
import { type RecordedEvent, TransactionEventKind } from '../../platform/timeline';
import {
  contentForAdminMessage,
  contentForEvent,
  type NotificationContent,
  type TransactionFacts,
} from './notification-content';
import type { NotificationMails } from './notification-mails';
import { Notification } from './notification.entity';

/** Notifications per page unless asked otherwise (the bell menu shows ten). */
export const NOTIFICATION_PAGE_SIZE = 10;

/** Events that can become a notification (the others only refresh the dashboard). */
const NOTIFYING: ReadonlySet<string> = new Set([
  TransactionEventKind.CONFIRMED,
  TransactionEventKind.DECLINED,
  TransactionEventKind.SETTLED,
]);

/** Most ids one "mark read" call takes (a page is at most 100). */
const MARK_MAX = 500;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const IDS_MESSAGE = 'ids must be a list of notification ids';

/** A page of notifications with the owner's unread count (the REST list's `meta.unread`). */
export type NotificationPage = Page<Notification> & { unread: number };

/** A notification to create: whose, and what it says. */
type Draft = NotificationContent & { userId: string };

/**
 * In-app notifications (issue 12). Created in the transaction of what they report: a batch of
 * timeline events (one INSERT however many) or an admin's message; their mails are queued and
 * their live updates published in that same transaction, so all exist exactly when the change
 * commits. Reads and marks are always scoped to the caller: another user's ids match nothing.
 */
export class NotificationService {
  constructor(
    private readonly ds: DataSource,
    private readonly mails: NotificationMails,
    private readonly clock: Clock,
  ) {}

  /**
   * The listener on `services.events`: notifications for confirmed, declined and settled
   * transactions (mailed unless the owner turned that off), and one live publish for the batch
   * with those notifications and an account change per event.
   */
  async recordEvents(m: EntityManager, events: RecordedEvent[]): Promise<void> {
    const ids = [...new Set(events.filter((e) => NOTIFYING.has(e.kind)).map((e) => e.transactionId))];
    const facts = ids.length
      ? await sqlRows<TransactionFacts>(
          m,
          // With the owner's language: the notification is written in it.
          `SELECT t.id, t.trx_type AS "trxType", t.amount::text AS amount, t.crypto, u.locale
             FROM "transaction" t JOIN app_user u ON u.id = t.user_id
            WHERE t.id = ANY($1::uuid[])`,
          [ids],
        )
      : [];
    const byId = new Map(facts.map((f) => [f.id, f]));
    const drafts = events.flatMap((e) => {
      const content = NOTIFYING.has(e.kind) ? contentForEvent(e, byId.get(e.transactionId)) : null;
      return content ? [{ ...content, userId: e.userId }] : [];
    });
    const changes: LiveUpdate[] = events.map((e) => ({
      type: 'account',
      userId: e.userId,
      reason: e.kind,
      transactionId: e.transactionId,
    }));
    await this.create(m, drafts, changes);
  }

  /** An admin's new message or announcement for `userId` (titled in their language), in the transaction that stores it. */
  async adminMessage(m: EntityManager, userId: string, field: 'message' | 'announcement', text: string): Promise<void> {
    const [owner] = await sqlRows<{ locale: Locale }>(m, `SELECT locale FROM app_user WHERE id = $1`, [userId]);
    await this.create(m, [{ ...contentForAdminMessage(field, text, owner?.locale ?? DEFAULT_LOCALE), userId }]);
  }

  /** One INSERT for all drafts, their mails, and one publish of them (plus `extra` updates). */
  private async create(m: EntityManager, drafts: Draft[], extra: LiveUpdate[] = []): Promise<void> {
    const rows = drafts.length
      ? await sqlRows<{ id: string; user_id: string }>(
          m,
          `INSERT INTO notification (user_id, kind, title, body, transaction_id, created_at)
           SELECT d.user_id, d.kind, d.title, d.body, d.transaction_id, $6
             FROM unnest($1::uuid[], $2::varchar[], $3::varchar[], $4::text[], $5::uuid[])
                  AS d(user_id, kind, title, body, transaction_id)
           RETURNING id, user_id`,
          [
            drafts.map((d) => d.userId),
            drafts.map((d) => d.kind),
            drafts.map((d) => d.title),
            drafts.map((d) => d.body),
            drafts.map((d) => d.transactionId),
            this.clock.now(),
          ],
        )
      : [];
    if (drafts.length) await this.mails.queue(m, drafts);
    const added: LiveUpdate[] = rows.map((r) => ({ type: 'notification', userId: r.user_id, id: r.id }));
    await publishLive(m, [...added, ...extra]);
  }

  /** The caller's notifications, newest first, with their unread count. */
  async list(
    userId: string,
    paging: { page: number; pageSize: number; skip: number; take: number },
  ): Promise<NotificationPage> {
    const [items, total] = await this.ds.getRepository(Notification).findAndCount({
      where: { userId },
      order: { createdAt: 'DESC', id: 'DESC' },
      skip: paging.skip,
      take: paging.take,
    });
    const unread = await this.unreadCount(userId);
    return { items, total, unread, page: paging.page, pageSize: paging.pageSize, totalCapped: false };
  }

  /** How many of the caller's notifications are unread (the badge). */
  async unreadCount(userId: string): Promise<number> {
    const [row] = await sqlRows<{ n: number }>(
      this.ds,
      `SELECT count(*)::int AS n FROM notification WHERE user_id = $1 AND read_at IS NULL`,
      [userId],
    );
    return row.n;
  }

  /** One of the caller's notifications (null when it is not theirs or does not exist). */
  getOwn(userId: string, id: string): Promise<Notification | null> {
    if (!UUID.test(id)) return Promise.resolve(null);
    return this.ds.getRepository(Notification).findOne({ where: { id, userId } });
  }

  /**
   * Marks the caller's notifications read: `ids` (others' ids and unknown ones change nothing) or
   * `all: true`. Returns how many changed (already-read ones do not count).
   */
  async markRead(userId: string, input: { ids?: unknown; all?: unknown }): Promise<number> {
    const now = this.clock.now();
    if (input.all === true) {
      const rows = await sqlRows(
        this.ds,
        `UPDATE notification SET read_at = $2 WHERE user_id = $1 AND read_at IS NULL RETURNING id`,
        [userId, now],
      );
      return rows.length;
    }
    if (input.all !== undefined && input.all !== null && input.all !== false)
      throw AppError.field('all', 'all must be true or false');
    const ids = input.ids;
    if (!Array.isArray(ids)) throw AppError.field('ids', 'Send the ids to mark read, or all: true');
    if (ids.length > MARK_MAX) throw AppError.field('ids', `At most ${MARK_MAX} ids at once`);
    if (!ids.every((id) => typeof id === 'string')) throw AppError.field('ids', IDS_MESSAGE, ErrorCode.VALIDATION);
    const wellFormed = (ids as string[]).filter((id) => UUID.test(id)); // others cannot exist
    if (!wellFormed.length) return 0;
    const rows = await sqlRows(
      this.ds,
      `UPDATE notification SET read_at = $3 WHERE user_id = $1 AND id = ANY($2::uuid[]) AND read_at IS NULL RETURNING id`,
      [userId, wellFormed, now],
    );
    return rows.length;
  }
}
