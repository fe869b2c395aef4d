import type { DataSource } from 'typeorm';
import { inTransaction } from '../../db/transaction';
import { DEFAULT_EXCHANGE } from '@cryptovest/common';
import { DepositWallet } from './deposit-wallet.entity';
import { readWalletFile } from './wallet-file';

/** Deposit destinations per exchange code; the operator's file is the source of truth. */
export class WalletService {
  constructor(private readonly ds: DataSource) {}

  /** Addresses for `exchange` (default TW); an unknown exchange simply has none. */
  list(exchange: string = DEFAULT_EXCHANGE): Promise<DepositWallet[]> {
    return this.ds.getRepository(DepositWallet).find({
      where: { exchange: exchange.trim().toUpperCase() },
      order: { sortOrder: 'ASC', name: 'ASC' },
    });
  }

  /** Replaces the table's contents with the file's, in one transaction. Returns the count. */
  async loadFromFile(file: string): Promise<number> {
    const entries = readWalletFile(file);
    await inTransaction(this.ds, async (m) => {
      await m.createQueryBuilder().delete().from(DepositWallet).execute();
      if (entries.length) {
        await m.insert(
          DepositWallet,
          entries.map((e, i) => ({ ...e, sortOrder: i })),
        );
      }
    });
    return entries.length;
  }
}
