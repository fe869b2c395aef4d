import type { DataSource, EntityManager } from 'typeorm';
import { AuditEvent } from './audit-event.entity';

/** What happened, by whom, to what. Metadata must never contain secrets. */
export interface AuditInput {
  action: string;
  actorId?: string | null;
  subjectType?: string;
  subjectId?: string;
  ip?: string | null;
  metadata?: Record<string, unknown>;
}

/** Writes the append-only audit trail; pass the caller's EntityManager to join its transaction. */
export class AuditService {
  constructor(private readonly ds: DataSource) {}

  async record(input: AuditInput, manager: EntityManager = this.ds.manager): Promise<void> {
    await this.recordMany([input], manager);
  }

  /** Records many entries with one INSERT (a batch of settlements, its mails). */
  async recordMany(inputs: AuditInput[], manager: EntityManager = this.ds.manager): Promise<void> {
    if (!inputs.length) return;
    await manager.insert(
      AuditEvent,
      inputs.map((input) => ({
        action: input.action,
        actorId: input.actorId ?? null,
        subjectType: input.subjectType ?? null,
        subjectId: input.subjectId ?? null,
        ip: input.ip ?? null,
        metadata: (input.metadata ?? {}) as never,
      })),
    );
  }
}
