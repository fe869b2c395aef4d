import { randomBytes } from 'node:crypto';
import type { DataSource } from 'typeorm';
import type { Services } from '../composition/services';
import { Account } from '../modules/account/account.entity';
import { LedgerReason } from '../modules/ledger/ledger-entry.entity';
import { applyLedger } from '../modules/ledger/apply-ledger';
import { ledgerMismatches as brokenBuckets } from '../modules/ledger/invariant';
import { Plan } from '../modules/plan/plan.entity';
import { TrxStatus } from '../modules/transaction/transaction.entity';

/**
 * Helpers of the settlement tests (never loaded by the server): deposits made and confirmed
 * through the real services, and the ledger checks every test ends with. No test harness import,
 * so this file builds with the server.
 */

/** A deposit of `amount` dollars in `crypto` into plan `planName`, as the investor makes it (PENDING). */
export async function makeDeposit(
  services: Services,
  userId: string,
  planName: string,
  amount: string,
  crypto = 'bitcoin',
): Promise<string> {
  const plan = await services.ds.getRepository(Plan).findOneByOrFail({ name: planName });
  const deposit = await services.transactions.createDeposit(
    { planId: plan.id, crypto, amount, transactionId: `settle-${randomBytes(8).toString('hex')}` },
    { userId, ip: null },
  );
  return deposit.id;
}

/** An admin sets a status (confirming starts a deposit's term). */
export function setStatus(services: Services, adminId: string, id: string, status: TrxStatus, reason?: string) {
  return services.transactionStatus.setStatus(id, status, adminId, null, reason);
}

/** A confirmed deposit: made, then confirmed by `adminId`. */
export async function confirmedDeposit(
  services: Services,
  adminId: string,
  userId: string,
  planName: string,
  amount: string,
  crypto = 'bitcoin',
): Promise<string> {
  const id = await makeDeposit(services, userId, planName, amount, crypto);
  await setStatus(services, adminId, id, TrxStatus.CONFIRMED);
  return id;
}

/** An admin adjustment through the ledger (e.g. lowering a bucket behind a deposit's back). */
export async function adjust(
  ds: DataSource,
  userId: string,
  bucket: 'balance' | 'investment' | 'bitcoin',
  delta: string,
) {
  await ds.transaction(async (m) => {
    const account = await m.getRepository(Account).findOneByOrFail({ userId });
    await applyLedger(m, account.id, [{ bucket, delta }], { reason: LedgerReason.ADMIN_ADJUSTMENT, note: 'test' });
  });
}

/** The account's buckets as decimal strings (numeric(20,5) text). */
export async function buckets(ds: DataSource, userId: string): Promise<Record<string, string>> {
  const [row] = await ds.query(
    `SELECT balance::text, profit::text, investment::text, bitcoin::text, ethereum::text, usdt::text
       FROM account WHERE user_id = $1`,
    [userId],
  );
  return row;
}

/** Every bucket of these users' accounts equals the sum of its ledger entries, and none is negative (the ledger's one invariant query). */
export async function ledgerMismatches(ds: DataSource, userIds: string[]): Promise<string[]> {
  return (await brokenBuckets(ds, userIds)).map((r) => `${r.bucket} of ${r.userId}`);
}

/** Each entry's amount_after equals the running sum of its bucket's entries (before = after - delta holds). */
export async function amountAfterMismatches(ds: DataSource, userIds: string[]): Promise<number> {
  const [{ n }] = await ds.query(
    `SELECT count(*)::int AS n FROM (
       SELECT l.amount_after, sum(l.delta) OVER (PARTITION BY l.account_id, l.bucket ORDER BY l.id) AS running
         FROM ledger_entry l JOIN account a ON a.id = l.account_id WHERE a.user_id = ANY($1::uuid[])) x
      WHERE x.amount_after IS DISTINCT FROM x.running`,
    [userIds],
  );
  return n;
}

/** The settlement ledger entries of a deposit, in order: [reason, bucket, delta, amount_after]. */
export async function settlementEntries(ds: DataSource, transactionId: string): Promise<string[][]> {
  const rows = await ds.query(
    `SELECT reason, bucket, delta::text, amount_after::text FROM ledger_entry
      WHERE transaction_id = $1 AND reason IN ('SETTLEMENT_PROFIT', 'PRINCIPAL_RETURNED') ORDER BY id`,
    [transactionId],
  );
  return rows.map((r: Record<string, string>) => [r.reason, r.bucket, r.delta, r.amount_after]);
}

/** Settlement state of a deposit (and its term). */
export async function stateOf(ds: DataSource, id: string) {
  const [row] = await ds.query(
    `SELECT status, settlement_state AS "settlementState", settlement_note AS "settlementNote",
            matures_at AS "maturesAt", confirmed_at AS "confirmedAt", settled_at AS "settledAt"
       FROM "transaction" WHERE id = $1`,
    [id],
  );
  return row as {
    status: string;
    settlementState: string | null;
    settlementNote: string | null;
    maturesAt: Date | null;
    confirmedAt: Date | null;
    settledAt: Date | null;
  };
}

/** The kinds of a deposit's timeline, oldest first. */
export async function eventKinds(ds: DataSource, id: string): Promise<string[]> {
  const rows = await ds.query(`SELECT kind FROM transaction_event WHERE transaction_id = $1 ORDER BY id`, [id]);
  return rows.map((r: { kind: string }) => r.kind);
}

/** One day and a second: past every seeded plan's 24-hour term. */
export const PAST_TERM_SECONDS = 24 * 3600 + 1;
