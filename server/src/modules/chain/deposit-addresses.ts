import { DEFAULT_EXCHANGE } from '@cryptovest/common';
import type { DataSource } from 'typeorm';
import { inTransaction } from '../../db/transaction';
import { sqlRows } from '../../db/sql';
import type { ChainName, ChainSettings } from '../../kernel/chain-settings';
import { getAddress } from 'viem';
import { addressKey, depositAddressAt } from './hd-address';

/** Lock class of the per-chain index counter (pg_advisory_xact_lock's first key). */
const ADDRESS_LOCK = 35_001;
/** The second advisory key of each chain. */
const CHAIN_LOCK_KEY: Record<ChainName, number> = { btc: 1, eth: 2, bsc: 3 };

/** How an address is shown: EIP-55 checksummed on EVM chains, as derived (lower-case bech32) on Bitcoin. */
export function displayAddress(chain: Pick<ChainSettings, 'kind'>, stored: string): string {
  return chain.kind === 'evm' ? getAddress(stored) : stored;
}

/**
 * Each investor's own deposit address per chain (issue 35): the next child of the chain's account
 * key, assigned at the first ask and the same ever after. The counter is the table itself, read
 * under a per-chain advisory lock, so two instances never hand out one index twice; the unique keys
 * back that up.
 */
export class DepositAddresses {
  constructor(private readonly ds: DataSource) {}

  /** The investor's address on `chain` (display form), assigned now if they have none. */
  async assign(userId: string, chain: ChainSettings): Promise<string> {
    const existing = await this.find(userId, chain.name);
    if (existing) return displayAddress(chain, existing);
    return inTransaction(this.ds, async (m) => {
      await m.query(`SELECT pg_advisory_xact_lock($1, $2)`, [ADDRESS_LOCK, CHAIN_LOCK_KEY[chain.name]]);
      const [again] = await sqlRows<{ address: string }>(
        m,
        `SELECT address FROM deposit_address WHERE user_id = $1 AND chain = $2`,
        [userId, chain.name],
      );
      if (again) return displayAddress(chain, again.address);
      const [{ next }] = await sqlRows<{ next: number }>(
        m,
        `SELECT COALESCE(max(derivation_index) + 1, 0)::int AS next FROM deposit_address WHERE chain = $1`,
        [chain.name],
      );
      const address = addressKey(depositAddressAt(chain, next));
      await m.query(`INSERT INTO deposit_address (user_id, chain, derivation_index, address) VALUES ($1, $2, $3, $4)`, [
        userId,
        chain.name,
        next,
        address,
      ]);
      return displayAddress(chain, address);
    });
  }

  /** The investor's stored address on `chain` (compare form), or null. */
  async find(userId: string, chain: ChainName): Promise<string | null> {
    const [row] = await sqlRows<{ address: string }>(
      this.ds,
      `SELECT address FROM deposit_address WHERE user_id = $1 AND chain = $2`,
      [userId, chain],
    );
    return row?.address ?? null;
  }

  /** The investor's exchange code (which of the operator's shared addresses they are shown), TW by default. */
  async exchangeOf(userId: string): Promise<string> {
    const [row] = await sqlRows<{ exchange: string | null }>(this.ds, `SELECT exchange FROM app_user WHERE id = $1`, [
      userId,
    ]);
    return row?.exchange || DEFAULT_EXCHANGE;
  }

  /**
   * Which of `addresses` (any case) are investors' on `chain`, as compare form -> user id: one
   * indexed query per block however many addresses are watched (no per-address polling).
   */
  async owners(chain: ChainName, addresses: string[]): Promise<Map<string, string>> {
    if (!addresses.length) return new Map();
    const rows = await sqlRows<{ address: string; userId: string }>(
      this.ds,
      `SELECT address, user_id AS "userId" FROM deposit_address WHERE chain = $1 AND address = ANY($2::varchar[])`,
      [chain, [...new Set(addresses.map(addressKey))]],
    );
    return new Map(rows.map((r) => [r.address, r.userId]));
  }
}
