import type { DataSource } from 'typeorm';

/**
 * Tables whose rows a refused request must never change. Audit events, budgets, one-time codes
 * and contact messages may change on refused input (they record the attempt), so they are left out.
 */
export const GUARDED_TABLES = [
  'app_user',
  'account',
  'transaction',
  'ledger_entry',
  'upload',
  'plan',
  'deposit_wallet',
] as const;

/** One hash per guarded table: equal fingerprints before and after a request mean nothing changed. */
export async function rowFingerprint(ds: DataSource): Promise<Record<string, string>> {
  const parts = GUARDED_TABLES.map(
    (table) =>
      `SELECT '${table}' AS name, coalesce(md5(string_agg(t::text, ',' ORDER BY t::text)), '') AS hash FROM "${table}" t`,
  );
  const rows: { name: string; hash: string }[] = await ds.query(parts.join(' UNION ALL '));
  return Object.fromEntries(rows.map((r) => [r.name, r.hash]));
}
