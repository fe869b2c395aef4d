import type { DataSource, EntityManager } from 'typeorm';
import type { Clock } from '../../kernel/clock';
import { sqlRows } from '../../db/sql';
import { TransactionEvent, type TransactionEventKind } from './transaction-event.entity';

/** An event to record: which transaction and user, what, who did it and why. */
export interface TransactionEventInput {
  transactionId: string;
  userId: string;
  kind: TransactionEventKind;
  actorId?: string | null;
  reason?: string | null;
  data?: Record<string, unknown>;
}

/** An event as recorded (with its id and time). */
export type RecordedEvent = Required<TransactionEventInput> & { id: string; at: Date };

/** Runs in the recording transaction, for every batch of events (notifications, live updates). */
export type EventListener = (m: EntityManager, events: RecordedEvent[]) => Promise<void>;

/**
 * The transactions' timelines (issue 12). Events are written in the transaction of the change they
 * describe, and every listener runs in that same transaction, so a notification, its mail and its
 * live update exist exactly when the change commits. Batches are one INSERT, however many events.
 */
export class TransactionEvents {
  private readonly listeners: EventListener[] = [];

  constructor(
    private readonly ds: DataSource,
    private readonly clock: Clock,
  ) {}

  /** Adds a listener (at wiring time). */
  onRecorded(listener: EventListener): void {
    this.listeners.push(listener);
  }

  /** Records events in `m`'s transaction and runs the listeners there. */
  async record(m: EntityManager, inputs: TransactionEventInput[]): Promise<RecordedEvent[]> {
    if (!inputs.length) return [];
    const at = this.clock.now();
    const rows = await sqlRows<{ id: string }>(
      m,
      `INSERT INTO transaction_event (transaction_id, user_id, kind, actor_id, reason, data, at)
       SELECT * FROM unnest($1::uuid[], $2::uuid[], $3::varchar[], $4::uuid[], $5::text[], $6::jsonb[], $7::timestamptz[])
       RETURNING id`,
      [
        inputs.map((e) => e.transactionId),
        inputs.map((e) => e.userId),
        inputs.map((e) => e.kind),
        inputs.map((e) => e.actorId ?? null),
        inputs.map((e) => e.reason ?? null),
        inputs.map((e) => JSON.stringify(e.data ?? {})),
        inputs.map(() => at),
      ],
    );
    const recorded = inputs.map((e, i) => ({
      transactionId: e.transactionId,
      userId: e.userId,
      kind: e.kind,
      actorId: e.actorId ?? null,
      reason: e.reason ?? null,
      data: e.data ?? {},
      id: rows[i].id,
      at,
    }));
    for (const listener of this.listeners) await listener(m, recorded);
    return recorded;
  }

  /** A transaction's timeline, oldest first; `actorNames` adds who did each step (for admins). */
  async list(transactionId: string, { actorNames = false } = {}): Promise<TransactionEvent[]> {
    const qb = this.ds
      .getRepository(TransactionEvent)
      .createQueryBuilder('e')
      .where('e.transaction_id = :transactionId', { transactionId })
      .orderBy('e.id', 'ASC');
    if (!actorNames) return qb.getMany();
    const { entities, raw } = await qb
      // The actor's name from the users' table (the timeline sits below the user module).
      .leftJoin('app_user', 'u', 'u.id = e.actor_id')
      .addSelect('u.full_name', 'actor_name')
      .getRawAndEntities<{ actor_name: string | null }>();
    return entities.map((e, i) => Object.assign(e, { actorName: raw[i].actor_name ?? null }));
  }
}
