import { Field, ID, Int, ObjectType, registerEnumType } from 'type-graphql';
import { Column, Entity, PrimaryColumn } from 'typeorm';

/** Where one delivery stands. */
export enum WebhookDeliveryStatus {
  /** Waiting for its next attempt (`nextAttemptAt`). */
  QUEUED = 'queued',
  /** An attempt is under way. */
  SENDING = 'sending',
  /** The receiver answered 2xx. */
  DELIVERED = 'delivered',
  /** Every attempt failed (about 3 days of retries), or its endpoint was disabled. */
  FAILED = 'failed',
}
registerEnumType(WebhookDeliveryStatus, { name: 'WebhookDeliveryStatus', description: 'Where one delivery stands' });

/**
 * One event for one endpoint. Its id is the `webhook-id` header of every attempt, so a receiver
 * that sees it twice (a retry, a redelivery) knows it is the same event. Only the endpoint's last
 * deliveries are kept (see webhook-deliveries.ts).
 */
@ObjectType({ description: 'One event sent (or being sent) to one of your endpoints' })
@Entity({ name: 'webhook_delivery' })
export class WebhookDelivery {
  @Field(() => ID, { description: 'The webhook-id header: the same on every attempt' })
  @PrimaryColumn('uuid')
  id: string;

  @Column({ name: 'endpoint_id', type: 'uuid' })
  endpointId: string;

  @Field({ description: 'e.g. deposit.confirmed' })
  @Column({ name: 'event_type', type: 'varchar', length: 40 })
  eventType: string;

  /** The body's content: `{type, timestamp, data: {transaction}}` (sent in its documented key order). */
  @Column({ type: 'jsonb' })
  payload: Record<string, unknown>;

  @Field(() => WebhookDeliveryStatus)
  @Column({ type: 'varchar', length: 10, default: WebhookDeliveryStatus.QUEUED })
  status: WebhookDeliveryStatus;

  @Field(() => Int, { description: 'Attempts made so far' })
  @Column({ type: 'int', default: 0 })
  attempts: number;

  /** True while a redelivery's single attempt is pending: its failure does not retry. */
  @Column({ type: 'boolean', default: false })
  redelivery: boolean;

  /** A claimed attempt's lease: another sender may take the row over only after it. */
  @Column({ name: 'lease_until', type: 'timestamptz', nullable: true })
  leaseUntil: Date | null;

  @Field(() => Date, { nullable: true, description: 'QUEUED: when the next attempt is due' })
  @Column({ name: 'next_attempt_at', type: 'timestamptz', nullable: true })
  nextAttemptAt: Date | null;

  @Field(() => Date, { nullable: true })
  @Column({ name: 'last_attempt_at', type: 'timestamptz', nullable: true })
  lastAttemptAt: Date | null;

  @Field(() => Int, { nullable: true, description: "The last attempt's HTTP status (null: no answer)" })
  @Column({ name: 'response_status', type: 'int', nullable: true })
  responseStatus: number | null;

  @Field(() => String, { nullable: true, description: 'Why the last attempt failed' })
  @Column({ name: 'last_error', type: 'varchar', length: 300, nullable: true })
  lastError: string | null;

  /** The pg-boss job that makes the next attempt (a job whose id differs is stale and does nothing). */
  @Column({ name: 'job_id', type: 'uuid', nullable: true })
  jobId: string | null;

  @Field()
  @Column({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;

  @Field(() => Date, { nullable: true })
  @Column({ name: 'delivered_at', type: 'timestamptz', nullable: true })
  deliveredAt: Date | null;
}
