import type { DataSource } from 'typeorm';
import { inTransaction } from '../../db/transaction';
import { DEFAULT_EXCHANGE } from '@cryptovest/common';
import { DepositWallet } from './deposit-wallet.entity';
import { isExampleAddress, readWalletFile, type WalletFileOptions } from './wallet-file';

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

  /**
   * Replaces the table's contents with the file's, in one transaction; a file that cannot be used
   * (malformed, or example addresses where `refuseExamples`) is refused before anything changes.
   * Returns how many addresses it holds and how many of them are examples.
   */
  async loadFromFile(file: string, options: WalletFileOptions = {}): Promise<{ count: number; examples: number }> {
    const entries = readWalletFile(file, options);
    await inTransaction(this.ds, async (m) => {
      await m.createQueryBuilder().delete().from(DepositWallet).execute();
      if (entries.length) {
        await m.insert(
          DepositWallet,
          entries.map((e, i) => ({ ...e, sortOrder: i })),
        );
      }
    });
    return { count: entries.length, examples: entries.filter((e) => isExampleAddress(e.address)).length };
  }
}
