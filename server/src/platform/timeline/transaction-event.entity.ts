import { Field, Int, ID, ObjectType, registerEnumType } from 'type-graphql';
import { MoneyScalar } from '../../kernel/scalars';
import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';

/** What happened to a transaction, in the order it can happen (issue 12, the investor's timeline). */
export enum TransactionEventKind {
  /** The investor submitted it. */
  SUBMITTED = 'SUBMITTED',
  /** An admin confirmed it; for a deposit the plan's term starts (data.maturesAt). */
  CONFIRMED = 'CONFIRMED',
  /** An admin declined it (a deposit's term, if running, is cancelled). */
  DECLINED = 'DECLINED',
  /** An admin set it back to pending. */
  REOPENED = 'REOPENED',
  /** The deposit's term ended and it waits for an admin (review mode, or settlement was held). */
  MATURED = 'MATURED',
  /** Profit (and principal) credited (data.profit, data.principal). */
  SETTLED = 'SETTLED',
  /** Settlement could not apply (data or reason says why); the deposit waits in the admin's queue. */
  SETTLEMENT_HELD = 'SETTLEMENT_HELD',
  /** The chain watcher saw the payment in a block (data.txid, data.coinAmount, data.confirmations). */
  SEEN_ON_CHAIN = 'SEEN_ON_CHAIN',
  /** More blocks on top of the payment (data.confirmations of data.required). */
  CHAIN_CONFIRMATIONS = 'CHAIN_CONFIRMATIONS',
  /** The payment's block left the main chain (data.txid); it waits for the chain again. */
  CHAIN_REORGANISED = 'CHAIN_REORGANISED',
  /** A withdrawal was paid out: data.txid on chain, data.explorerUrl to follow it. */
  PAYOUT_SENT = 'PAYOUT_SENT',
}
registerEnumType(TransactionEventKind, { name: 'TransactionEventKind' });

/** The facts a step may carry, typed for clients (stored as jsonb; each kind fills its own). */
@ObjectType({ description: 'Facts of a timeline step; each kind fills its own fields' })
export class TransactionEventData {
  @Field(() => Date, { nullable: true, description: 'CONFIRMED, MATURED: when the term ends' })
  maturesAt?: Date | string | null;

  @Field(() => MoneyScalar, { nullable: true, description: 'SETTLED: the profit credited' })
  profit?: string | null;

  @Field(() => MoneyScalar, {
    nullable: true,
    description: 'SETTLED: the principal returned (0 when the plan keeps it)',
  })
  principal?: string | null;

  @Field(() => String, { nullable: true, description: 'Chain steps: the transaction id on chain' })
  txid?: string | null;

  @Field(() => String, { nullable: true, description: "PAYOUT_SENT: an explorer's page of the payout" })
  explorerUrl?: string | null;

  @Field(() => String, { nullable: true, description: 'SEEN_ON_CHAIN: the amount in the coin' })
  coinAmount?: string | null;

  @Field(() => Int, { nullable: true, description: 'Chain steps: confirmations so far' })
  confirmations?: number | null;

  @Field(() => Int, { nullable: true, description: 'Chain steps: confirmations the chain needs before crediting' })
  required?: number | null;
}

/** One append-only entry of a transaction's timeline. */
@ObjectType({ description: 'One step in the life of a transaction' })
@Entity({ name: 'transaction_event' })
export class TransactionEvent {
  @Field(() => ID)
  @PrimaryGeneratedColumn('identity', { type: 'bigint' })
  id: string;

  @Column({ name: 'transaction_id', type: 'uuid' })
  transactionId: string;

  @Column({ name: 'user_id', type: 'uuid' })
  userId: string;

  @Field(() => TransactionEventKind)
  @Column({ type: 'varchar', length: 32 })
  kind: TransactionEventKind;

  @Column({ name: 'actor_id', type: 'uuid', nullable: true })
  actorId: string | null;

  @Field(() => String, {
    nullable: true,
    description: "Why (an admin's reason for a decision, or why settlement was held)",
  })
  @Column({ type: 'text', nullable: true })
  reason: string | null;

  @Field(() => TransactionEventData, { description: 'Facts of the step, e.g. maturesAt, profit, principal' })
  @Column({ type: 'jsonb', default: () => "'{}'::jsonb" })
  data: Record<string, unknown>;

  /** Filled by `TransactionEvents.list` for admins (a join), not a column. */
  @Field(() => String, { nullable: true, description: 'Who did it (admins only; null: the system or hidden)' })
  actorName?: string | null;

  @Field({ description: 'When it happened' })
  @Column({ type: 'timestamptz' })
  at: Date;
}
