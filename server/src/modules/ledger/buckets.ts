import { ACCOUNT_BUCKETS, type AccountBucket } from '@cryptovest/common';

/**
 * A bucket the ledger can change: the account amounts of SPEC §3 (from `common`), plus
 * `lockedBonus` (the part of `balance` that can't be withdrawn yet), which only the system moves.
 */
export type LedgerBucket = AccountBucket | 'lockedBonus';

/** Every bucket the ledger keeps, in one list derived from `common` (the invariant walks it). */
export const LEDGER_BUCKETS: readonly LedgerBucket[] = [...ACCOUNT_BUCKETS, 'lockedBonus'];

/** Column of each bucket: camelCase in code and the ledger, snake_case in the `account` table. */
export const BUCKET_COLUMN: Readonly<Record<LedgerBucket, string>> = Object.fromEntries(
  LEDGER_BUCKETS.map((b) => [b, b.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`)]),
) as Record<LedgerBucket, string>;
