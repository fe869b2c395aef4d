import { Column, Entity, PrimaryColumn } from 'typeorm';

/** How a deposit was settled: by the system at maturity, or by an admin from the queue. */
export type SettlementHow = 'auto' | 'manual';

/**
 * One row per settled deposit: its primary key is the exactly-once guard (a second settlement of
 * the same deposit inserts nothing, so nothing else of it applies). Append-only (trigger).
 */
@Entity({ name: 'settlement' })
export class Settlement {
  @PrimaryColumn({ name: 'transaction_id', type: 'uuid' })
  transactionId: string;

  @Column({ name: 'account_id', type: 'uuid' })
  accountId: string;

  @Column({ type: 'numeric', precision: 20, scale: 5 })
  profit: string;

  @Column({ type: 'numeric', precision: 20, scale: 5 })
  principal: string;

  @Column({ type: 'varchar', length: 16 })
  mode: SettlementHow;

  /** The admin who settled it; null = the system. */
  @Column({ name: 'actor_id', type: 'uuid', nullable: true })
  actorId: string | null;

  @Column({ name: 'settled_at', type: 'timestamptz' })
  settledAt: Date;
}
