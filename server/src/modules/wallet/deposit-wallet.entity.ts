import { Field, ID, ObjectType } from 'type-graphql';
import { Column, Entity, PrimaryGeneratedColumn, Unique } from 'typeorm';

/**
 * Where investors send deposits: one address per coin per exchange code. Loaded from the
 * operator's WALLETS_FILE at start; the file is the source of truth.
 */
@ObjectType({ description: 'A deposit destination: coin name and address for an exchange' })
@Entity({ name: 'deposit_wallet' })
@Unique(['exchange', 'name'])
export class DepositWallet {
  @Field(() => ID)
  @PrimaryGeneratedColumn('uuid')
  id: string;

  @Field()
  @Column({ type: 'varchar', length: 16 })
  exchange: string;

  @Field({ description: 'Coin name, e.g. bitcoin' })
  @Column({ type: 'varchar', length: 32 })
  name: string;

  @Field({ description: 'Deposit address' })
  @Column({ type: 'varchar', length: 200 })
  address: string;

  @Field(() => String, { nullable: true, description: 'Optional QR image URL' })
  @Column({ name: 'image_url', type: 'varchar', length: 500, nullable: true })
  imageUrl: string | null;

  @Column({ name: 'sort_order', type: 'int', default: 0 })
  sortOrder: number;
}
