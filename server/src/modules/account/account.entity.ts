import { Field, ID, ObjectType } from 'type-graphql';
import {
  Column,
  CreateDateColumn,
  Entity,
  JoinColumn,
  OneToOne,
  PrimaryGeneratedColumn,
  UpdateDateColumn,
  type Relation,
} from 'typeorm';
import { MoneyScalar } from '../../kernel/scalars';
import { User } from '../user';

/** Column options shared by every money bucket: exact numeric, zero by default. */
const money = (name: string) => ({ name, type: 'numeric' as const, precision: 20, scale: 5, default: '0' });

/** The investor's saved withdrawal addresses (SPEC §3 account.wallet). */
@ObjectType({ description: 'Withdrawal addresses the investor saved, per coin' })
export class WithdrawalAddresses {
  @Field(() => String, { nullable: true }) bitcoin: string | null;
  @Field(() => String, { nullable: true }) litecoin: string | null;
  @Field(() => String, { nullable: true }) ethereum: string | null;
  @Field(() => String, { nullable: true }) usdt: string | null;
}

/**
 * One per investor. Every bucket is `numeric` with a CHECK >= 0 and changes only together
 * with a ledger entry (see LedgerEntry), so balances can always be re-derived.
 */
@ObjectType({ description: 'An investor account: money buckets and withdrawal addresses' })
@Entity({ name: 'account' })
export class Account {
  @Field(() => ID)
  @PrimaryGeneratedColumn('uuid')
  id: string;

  @Column({ name: 'user_id', type: 'uuid', unique: true })
  userId: string;

  @Field(() => User, { nullable: true, description: 'The owner (loaded by admin lists)' })
  @OneToOne(() => User, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'user_id' })
  user: Relation<User>;

  @Field(() => MoneyScalar) @Column(money('balance')) balance: string;
  @Field(() => MoneyScalar) @Column(money('wallet_balance')) walletBalance: string;
  @Field(() => MoneyScalar) @Column(money('profit')) profit: string;
  @Field(() => MoneyScalar) @Column(money('investment')) investment: string;
  @Field(() => MoneyScalar) @Column(money('bitcoin')) bitcoin: string;
  @Field(() => MoneyScalar) @Column(money('ethereum')) ethereum: string;
  @Field(() => MoneyScalar) @Column(money('bnb')) bnb: string;
  @Field(() => MoneyScalar) @Column(money('litecoin')) litecoin: string;
  @Field(() => MoneyScalar) @Column(money('usdt')) usdt: string;

  /** Part of `balance` that can't be withdrawn yet: the signup bonus, until the first confirmed deposit. */
  @Field(() => MoneyScalar, {
    description: 'Signup bonus inside balance that unlocks with the first confirmed deposit',
  })
  @Column(money('locked_bonus'))
  lockedBonus: string;

  @Field()
  @Column({ name: 'has_setup_account', type: 'boolean', default: false })
  hasSetupAccount: boolean;

  @Column({ name: 'bitcoin_address', type: 'varchar', length: 200, nullable: true })
  bitcoinAddress: string | null;

  @Column({ name: 'litecoin_address', type: 'varchar', length: 200, nullable: true })
  litecoinAddress: string | null;

  @Column({ name: 'ethereum_address', type: 'varchar', length: 200, nullable: true })
  ethereumAddress: string | null;

  @Column({ name: 'usdt_address', type: 'varchar', length: 200, nullable: true })
  usdtAddress: string | null;

  /** When each address may first receive a withdrawal (null: no address). See address-cooldown.ts. */
  @Column({ name: 'bitcoin_address_usable_from', type: 'timestamptz', nullable: true })
  bitcoinAddressUsableFrom: Date | null;

  @Column({ name: 'litecoin_address_usable_from', type: 'timestamptz', nullable: true })
  litecoinAddressUsableFrom: Date | null;

  @Column({ name: 'ethereum_address_usable_from', type: 'timestamptz', nullable: true })
  ethereumAddressUsableFrom: Date | null;

  @Column({ name: 'usdt_address_usable_from', type: 'timestamptz', nullable: true })
  usdtAddressUsableFrom: Date | null;

  @Field(() => WithdrawalAddresses)
  get wallet(): WithdrawalAddresses {
    return {
      bitcoin: this.bitcoinAddress,
      litecoin: this.litecoinAddress,
      ethereum: this.ethereumAddress,
      usdt: this.usdtAddress,
    };
  }

  @Field()
  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;

  @Field()
  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt: Date;
}
