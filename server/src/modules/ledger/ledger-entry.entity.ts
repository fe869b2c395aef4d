import { Field, ID, ObjectType, registerEnumType } from 'type-graphql';
import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn } from 'typeorm';
import { MoneyScalar } from '../../kernel/scalars';

/** Why an account amount changed. Every change has exactly one reason. */
export enum LedgerReason {
  SIGNUP_BONUS = 'SIGNUP_BONUS',
  DEPOSIT_CONFIRMED = 'DEPOSIT_CONFIRMED',
  DEPOSIT_REVERSED = 'DEPOSIT_REVERSED',
  WITHDRAWAL_CONFIRMED = 'WITHDRAWAL_CONFIRMED',
  WITHDRAWAL_REVERSED = 'WITHDRAWAL_REVERSED',
  ADMIN_ADJUSTMENT = 'ADMIN_ADJUSTMENT',
  /** The signup bonus locked until the first confirmed deposit (bucket lockedBonus). */
  BONUS_LOCKED = 'BONUS_LOCKED',
  /** The first confirmed deposit released the locked bonus. */
  BONUS_UNLOCKED = 'BONUS_UNLOCKED',
  /** A matured deposit's profit, credited to `profit` and `balance` (issue 12). */
  SETTLEMENT_PROFIT = 'SETTLEMENT_PROFIT',
  /** A matured deposit's principal moved from `investment` and its coin back to `balance`. */
  PRINCIPAL_RETURNED = 'PRINCIPAL_RETURNED',
}
registerEnumType(LedgerReason, { name: 'LedgerReason' });

/**
 * Append-only record of every change to an account bucket, written in the same DB
 * transaction as the change. UPDATE and DELETE are refused by a trigger (see migration).
 */
@ObjectType({ description: 'One append-only change to one account bucket' })
@Entity({ name: 'ledger_entry' })
export class LedgerEntry {
  @Field(() => ID)
  @PrimaryGeneratedColumn('identity', { type: 'bigint' })
  id: string;

  @Column({ name: 'account_id', type: 'uuid' })
  accountId: string;

  @Field({ description: 'Account bucket changed: balance, investment, bitcoin, ..., lockedBonus' })
  @Column({ type: 'varchar', length: 32 })
  bucket: string;

  @Field(() => MoneyScalar)
  @Column({ type: 'numeric', precision: 20, scale: 5 })
  delta: string;

  @Field(() => MoneyScalar, {
    nullable: true,
    description: "The bucket's amount after this change (before = after - delta)",
  })
  @Column({ name: 'amount_after', type: 'numeric', precision: 20, scale: 5, nullable: true })
  amountAfter: string | null;

  @Field(() => LedgerReason)
  @Column({ type: 'varchar', length: 32 })
  reason: LedgerReason;

  @Field(() => String, { nullable: true })
  @Column({ name: 'transaction_id', type: 'uuid', nullable: true })
  transactionId: string | null;

  @Field(() => String, { nullable: true })
  @Column({ name: 'actor_id', type: 'uuid', nullable: true })
  actorId: string | null;

  @Field(() => String, { nullable: true })
  @Column({ type: 'text', nullable: true })
  note: string | null;

  /** Filled by history queries (a join), not a column. */
  @Field(() => String, { nullable: true, description: 'Who made the change (null: the system)' })
  actorName?: string | null;

  @Field()
  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;
}
