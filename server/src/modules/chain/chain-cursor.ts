import type { DataSource } from 'typeorm';
import { sqlRows } from '../../db/sql';
import type { ChainName } from '../../kernel/chain-settings';
import type { BlockRef } from './chain-reader';

/** Where each chain's watcher has read up to (height and hash), kept across runs and instances. */
export class ChainCursors {
  constructor(private readonly ds: DataSource) {}

  /** The last block read on `chain`, or null before the first run. */
  async get(chain: ChainName): Promise<BlockRef | null> {
    const [row] = await sqlRows<{ height: string; hash: string }>(
      this.ds,
      `SELECT height::text AS height, hash FROM chain_cursor WHERE chain = $1`,
      [chain],
    );
    return row ? { height: Number(row.height), hash: row.hash } : null;
  }

  /** Moves `chain`'s cursor to `block`. */
  async set(chain: ChainName, block: BlockRef): Promise<void> {
    await this.ds.query(
      `INSERT INTO chain_cursor (chain, height, hash, updated_at) VALUES ($1, $2, $3, now())
       ON CONFLICT (chain) DO UPDATE SET height = EXCLUDED.height, hash = EXCLUDED.hash, updated_at = now()`,
      [chain, block.height, block.hash],
    );
  }
}
