import type { DataSource } from 'typeorm';
import { cappedPage } from '../../db/capped-page';
import type { KeysetOrder } from '../../db/keyset';
import { AppError } from '../../kernel/errors';
import { type Page, type Paging, SortDirection } from '../../kernel/paging';
import { AuditEvent } from './audit-event.entity';
import { AUDIT_ACTIONS, auditActionLabel } from './audit-actions';

/** The audit log page's filters (SPEC: who did what, by actor, action and date); every part optional. */
export interface AuditLogQuery {
  /** The actor's full name or e-mail starting with this text (case-insensitive). */
  actor?: string;
  /** Exactly this action (one of AUDIT_ACTIONS). */
  action?: string;
  /** Entries at or after this instant. */
  from?: Date;
  /** Entries before this instant (exclusive: the client sends the start of the day after). */
  to?: Date;
}

/** A person named by an entry (its actor, or the user a subject belongs to). */
export interface AuditPerson {
  id: string;
  fullName: string;
  email: string;
}

/** One audit entry as the log shows it: the raw event plus the names it points at. */
export interface AuditLogEntry {
  event: AuditEvent;
  actionLabel: string;
  actor: AuditPerson | null;
  /** The user the subject belongs to (the user itself, an account's or a transaction's owner). */
  subjectOwner: AuditPerson | null;
}

/** Newest first, ties by id; the id is an identity (bigint), the index is (created_at, id). */
export const AUDIT_ORDER: KeysetOrder = {
  key: 'e.created_at',
  type: 'timestamptz',
  id: 'e.id',
  idType: 'bigint',
  direction: SortDirection.DESC,
};

/** Escapes LIKE wildcards so "a_b%" is searched as that text. */
const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** Subject ids are free text (a mail job's id, an API key's): only uuids name a row here. */
const isUuid = (id: string | null): id is string =>
  !!id && /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(id);

/** Which table holds a subject's owner, for the subject types whose owner is a user. */
const OWNER_OF: Record<string, string> = { account: 'account', transaction: '"transaction"' };

/**
 * Reads the append-only audit trail for the admin audit log: filtered on indexes, paged by keyset
 * like every admin list, with the actors' and subjects' names read in two statements per page.
 */
export class AuditLog {
  constructor(private readonly ds: DataSource) {}

  /** One page of the trail, newest first; an unknown action or an inverted range is a 400 naming the field. */
  async list(query: AuditLogQuery, paging: Paging): Promise<Page<AuditLogEntry>> {
    const qb = this.ds.getRepository(AuditEvent).createQueryBuilder('e');
    if (query.action !== undefined) {
      if (!Object.hasOwn(AUDIT_ACTIONS, query.action)) throw AppError.field('action', 'Choose an action from the list');
      qb.andWhere('e.action = :action', { action: query.action });
    }
    const actor = query.actor?.trim().toLowerCase().slice(0, 100);
    if (actor)
      qb.andWhere(
        'e.actor_id IN (SELECT u.id FROM app_user u WHERE lower(u.full_name) LIKE :actorStarts OR u.email LIKE :actorStarts)',
        { actorStarts: `${escapeLike(actor)}%` },
      );
    if (query.from && query.to && query.from >= query.to)
      throw AppError.field('to', 'The end of the range must come after its start');
    if (query.from) qb.andWhere('e.created_at >= :from', { from: query.from });
    if (query.to) qb.andWhere('e.created_at < :to', { to: query.to });
    const page = await cappedPage(qb, paging, AUDIT_ORDER);
    return { ...page, items: await this.named(page.items) };
  }

  /** The events with their actors' and subjects' owners' names (two statements, none per row). */
  private async named(events: AuditEvent[]): Promise<AuditLogEntry[]> {
    const ownerOf = new Map<string, string>(); // `${type}:${id}` -> user id
    for (const [type, table] of Object.entries(OWNER_OF)) {
      const ids = events.filter((e) => e.subjectType === type && isUuid(e.subjectId)).map((e) => e.subjectId!);
      if (!ids.length) continue;
      const rows: { id: string; user_id: string }[] = await this.ds.query(
        `SELECT id, user_id FROM ${table} WHERE id = ANY($1::uuid[])`,
        [ids],
      );
      for (const row of rows) ownerOf.set(`${type}:${row.id}`, row.user_id);
    }
    const subjectUser = (e: AuditEvent) =>
      e.subjectType === 'user' ? e.subjectId : (ownerOf.get(`${e.subjectType}:${e.subjectId}`) ?? null);
    const userIds = [
      ...new Set(events.flatMap((e) => [e.actorId, subjectUser(e)]).filter((id): id is string => !!id)),
    ].filter(isUuid);
    const people = new Map<string, AuditPerson>();
    if (userIds.length) {
      const rows: { id: string; full_name: string; email: string }[] = await this.ds.query(
        'SELECT id, full_name, email FROM app_user WHERE id = ANY($1::uuid[])',
        [userIds],
      );
      for (const r of rows) people.set(r.id, { id: r.id, fullName: r.full_name, email: r.email });
    }
    return events.map((event) => ({
      event,
      actionLabel: auditActionLabel(event.action),
      actor: (event.actorId && people.get(event.actorId)) || null,
      subjectOwner: people.get(subjectUser(event) ?? '') ?? null,
    }));
  }
}
