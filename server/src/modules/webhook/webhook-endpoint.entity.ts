import { Field, ID, ObjectType, registerEnumType } from 'type-graphql';
import { Column, Entity, PrimaryColumn } from 'typeorm';

/** Whose events an endpoint receives: its owner's (OWN), or every account's (ALL, administrators only). */
export enum WebhookScope {
  OWN = 'OWN',
  ALL = 'ALL',
}
registerEnumType(WebhookScope, {
  name: 'WebhookScope',
  description: "OWN: the owner's own transactions; ALL: every account's (administrators only)",
});

/**
 * A URL a user asked to be sent events to, with the events it wants and its signing secret. The
 * secret (and, for 24 hours after a rotation, the previous one) is sealed with TOTP_ENCRYPTION_KEY,
 * never loaded with the entity and never exposed: its owner sees it once, when it is made.
 */
@ObjectType({ description: 'Where events are sent (the signing secret is shown once, when made or rotated)' })
@Entity({ name: 'webhook_endpoint' })
export class WebhookEndpoint {
  @Field(() => ID)
  @PrimaryColumn('uuid')
  id: string;

  @Column({ name: 'user_id', type: 'uuid' })
  userId: string;

  @Field({ description: 'Where events are POSTed (https)' })
  @Column({ type: 'varchar', length: 2048 })
  url: string;

  @Field({ description: "The owner's note on what it is for" })
  @Column({ type: 'varchar', length: 200, default: '' })
  description: string;

  @Field(() => [String], { description: 'Event types it receives (see webhookEventTypes)' })
  @Column({ type: 'text', array: true })
  events: string[];

  @Field(() => WebhookScope)
  @Column({ type: 'varchar', length: 8, default: WebhookScope.OWN })
  scope: WebhookScope;

  @Field({ description: 'False: nothing is sent (turned off by its owner, or after failing for 5 days)' })
  @Column({ type: 'boolean', default: true })
  enabled: boolean;

  @Field(() => String, { nullable: true, description: 'Why it was disabled' })
  @Column({ name: 'disabled_reason', type: 'varchar', length: 300, nullable: true })
  disabledReason: string | null;

  /** The signing secret, sealed (kernel/secret-box.ts, bound to the endpoint's id); never loaded by reads (`select: false`). */
  @Column({ name: 'secret_sealed', type: 'text', select: false })
  secretSealed?: string;

  /** The secret before the last rotation, still signed with until `previousSecretExpiresAt`; never loaded by reads. */
  @Column({ name: 'previous_secret_sealed', type: 'text', nullable: true, select: false })
  previousSecretSealed?: string | null;

  @Field(() => Date, {
    nullable: true,
    description: 'After a rotation: until when deliveries are also signed with the previous secret',
  })
  @Column({ name: 'previous_secret_expires_at', type: 'timestamptz', nullable: true })
  previousSecretExpiresAt: Date | null;

  @Field(() => Date, {
    nullable: true,
    description: 'Since when its deliveries fail without a success in between (5 days disable it)',
  })
  @Column({ name: 'failing_since', type: 'timestamptz', nullable: true })
  failingSince: Date | null;

  @Field()
  @Column({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;

  @Field()
  @Column({ name: 'updated_at', type: 'timestamptz' })
  updatedAt: Date;
}
