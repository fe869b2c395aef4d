import { Field, ID, Int, ObjectType, registerEnumType } from 'type-graphql';
import {
  Column,
  CreateDateColumn,
  Entity,
  JoinColumn,
  ManyToOne,
  PrimaryGeneratedColumn,
  UpdateDateColumn,
  type Relation,
} from 'typeorm';
import { DecimalScalar, MoneyScalar } from '../../kernel/scalars';
import { Plan } from '../plan';
import { SettlementState } from './settlement-state';
import { trimDecimal } from './decimal-text';
import { User } from '../user';

/** DEPOSIT into a plan, or WITHDRAWAL to a saved address (SPEC §4). */
export enum TrxType {
  DEPOSIT = 'DEPOSIT',
  WITHDRAWAL = 'WITHDRAWAL',
}
registerEnumType(TrxType, { name: 'TrxType' });

/** PENDING until an admin confirms or declines (SPEC §4). */
export enum TrxStatus {
  PENDING = 'PENDING',
  CONFIRMED = 'CONFIRMED',
  DECLINED = 'DECLINED',
}
registerEnumType(TrxStatus, { name: 'TrxStatus' });

/** Coin amounts read without numeric(38,18)'s trailing zeros: "0.015", not "0.015000000000000000". */
const coinAmount = {
  from: (v: string | null) => (v === null ? null : trimDecimal(v)),
  to: (v: string | null | undefined) => v,
};

/** Who made a transaction: the investor (a request or a submitted deposit), or the chain watcher (a payment it found). */
export enum TrxOrigin {
  INVESTOR = 'INVESTOR',
  CHAIN = 'CHAIN',
}
registerEnumType(TrxOrigin, { name: 'TrxOrigin' });

/**
 * A deposit or withdrawal request. Its effect on the account applies exactly once, when an
 * admin moves it into or out of CONFIRMED (compare-and-set on status). A confirmed deposit runs
 * its plan's term (copied at creation) and is then settled once (issue 12).
 */
@ObjectType({ description: 'A deposit into a plan or a withdrawal request' })
@Entity({ name: 'transaction' })
export class Transaction {
  @Field(() => ID)
  @PrimaryGeneratedColumn('uuid')
  id: string;

  @Column({ name: 'user_id', type: 'uuid' })
  userId: string;

  @Field(() => User, { nullable: true, description: 'Who made it (loaded by the admin list)' })
  @ManyToOne(() => User, { onDelete: 'RESTRICT' })
  @JoinColumn({ name: 'user_id' })
  user: Relation<User>;

  @Field(() => TrxType)
  @Column({ name: 'trx_type', type: 'varchar', length: 16 })
  trxType: TrxType;

  @Field(() => TrxStatus)
  @Column({ type: 'varchar', length: 16, default: TrxStatus.PENDING })
  status: TrxStatus;

  @Field(() => MoneyScalar)
  @Column({ type: 'numeric', precision: 20, scale: 2 })
  amount: string;

  @Field({ description: 'Coin name, lower case: bitcoin, ethereum, usdt, ...' })
  @Column({ type: 'varchar', length: 32 })
  crypto: string;

  @Column({ name: 'plan_id', type: 'uuid', nullable: true })
  planId: string | null;

  @ManyToOne(() => Plan, { nullable: true, onDelete: 'RESTRICT' })
  @JoinColumn({ name: 'plan_id' })
  planRef: Relation<Plan> | null;

  @Field(() => String, { nullable: true, description: 'Plan name at the time of the deposit' })
  @Column({ name: 'plan_name', type: 'varchar', length: 60, nullable: true })
  plan: string | null;

  @Field(() => DecimalScalar, { nullable: true, description: "Plan's profit % at the time of the deposit" })
  @Column({ name: 'profit_percent', type: 'numeric', precision: 6, scale: 2, nullable: true })
  profitPercent: string | null;

  @Field(() => Int, { nullable: true, description: "Deposits: the plan's term in hours at the time of the deposit" })
  @Column({ name: 'duration_hours', type: 'int', nullable: true })
  durationHours: number | null;

  @Field(() => Boolean, {
    nullable: true,
    description: 'Deposits: whether settlement returns the amount to the balance (copied from the plan)',
  })
  @Column({ name: 'returns_principal', type: 'boolean', nullable: true })
  returnsPrincipal: boolean | null;

  @Field(() => Date, { nullable: true, description: "When it entered CONFIRMED (a deposit's term starts then)" })
  @Column({ name: 'confirmed_at', type: 'timestamptz', nullable: true })
  confirmedAt: Date | null;

  @Field(() => Date, {
    nullable: true,
    description: 'Confirmed deposits: when the term ends (confirmedAt + durationHours)',
  })
  @Column({ name: 'matures_at', type: 'timestamptz', nullable: true })
  maturesAt: Date | null;

  @Field(() => Date, { nullable: true, description: 'When profit (and principal) were credited' })
  @Column({ name: 'settled_at', type: 'timestamptz', nullable: true })
  settledAt: Date | null;

  @Field(() => SettlementState, {
    nullable: true,
    description: 'After the term: DUE (waits for an admin), HELD (could not apply), SETTLED; null before',
  })
  @Column({ name: 'settlement_state', type: 'varchar', length: 16, nullable: true })
  settlementState: SettlementState | null;

  @Field(() => String, { nullable: true, description: 'Why settlement is held, in plain words' })
  @Column({ name: 'settlement_note', type: 'text', nullable: true })
  settlementNote: string | null;

  @Field(() => String, {
    nullable: true,
    description: "Blockchain transaction id: a deposit's payment, or a confirmed withdrawal's payout",
  })
  @Column({ name: 'transaction_id', type: 'varchar', length: 250, nullable: true })
  transactionId: string | null;

  /** The proof image's upload id; exposed as a signed link by the resolvers and presenters. */
  @Column({ name: 'image_url', type: 'varchar', length: 500, nullable: true })
  imageUrl: string | null;

  @Field(() => String, { nullable: true, description: 'Destination address of a withdrawal' })
  @Column({ type: 'varchar', length: 200, nullable: true })
  wallet: string | null;

  @Field(() => TrxOrigin, { description: 'INVESTOR: submitted or requested; CHAIN: a payment the chain watcher found' })
  @Column({ type: 'varchar', length: 8, default: TrxOrigin.INVESTOR })
  origin: TrxOrigin;

  @Field(() => String, {
    nullable: true,
    description: 'Deposits: the amount in the coin, a decimal string (e.g. 0.015)',
  })
  @Column({ name: 'crypto_amount', type: 'numeric', precision: 38, scale: 18, nullable: true, transformer: coinAmount })
  cryptoAmount: string | null;

  /** What the chain says about the transaction id (issue 35; exposed as `chainCheck` by the adapters). */
  @Column({ name: 'chain_result', type: 'varchar', length: 16, nullable: true })
  chainResult: string | null;

  @Column({ name: 'chain_confirmations', type: 'int', nullable: true })
  chainConfirmations: number | null;

  @Column({
    name: 'chain_coin_amount',
    type: 'numeric',
    precision: 38,
    scale: 18,
    nullable: true,
    transformer: coinAmount,
  })
  chainCoinAmount: string | null;

  @Column({ name: 'chain_address', type: 'varchar', length: 100, nullable: true })
  chainAddress: string | null;

  @Column({ name: 'chain_block_number', type: 'bigint', nullable: true })
  chainBlockNumber: string | null;

  @Column({ name: 'chain_block_hash', type: 'varchar', length: 80, nullable: true })
  chainBlockHash: string | null;

  @Column({ name: 'chain_checked_at', type: 'timestamptz', nullable: true })
  chainCheckedAt: Date | null;

  @Field(() => String, { nullable: true, description: 'Why a deposit the chain watcher found waits for an admin' })
  @Column({ name: 'chain_hold', type: 'varchar', length: 300, nullable: true })
  chainHold: string | null;

  @Field(() => MoneyScalar, {
    nullable: true,
    description: 'Withdrawals: the fee the admin stated when paying out (USD)',
  })
  @Column({ name: 'payout_fee', type: 'numeric', precision: 20, scale: 2, nullable: true })
  payoutFee: string | null;

  @Field()
  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;

  @Field()
  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt: Date;
}
