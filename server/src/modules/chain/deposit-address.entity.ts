import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn, Unique } from 'typeorm';
import type { ChainName } from '../../kernel/chain-settings';

/**
 * An investor's own deposit address on one chain: child `derivationIndex` of the operator's
 * watch-only account key, assigned once and kept (issue 35). The address is stored in its compare
 * form (lower case); indexes are handed out in order per chain, so none is given twice.
 */
@Entity({ name: 'deposit_address' })
@Unique('uq_deposit_address_user_chain', ['userId', 'chain'])
@Unique('uq_deposit_address_chain_index', ['chain', 'derivationIndex'])
@Unique('uq_deposit_address_chain_address', ['chain', 'address'])
export class DepositAddress {
  @PrimaryGeneratedColumn('uuid')
  id: string;

  @Column({ name: 'user_id', type: 'uuid' })
  userId: string;

  @Column({ type: 'varchar', length: 8 })
  chain: ChainName;

  @Column({ name: 'derivation_index', type: 'int' })
  derivationIndex: number;

  @Column({ type: 'varchar', length: 100 })
  address: string;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;
}
