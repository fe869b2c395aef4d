// What the experiments read from the database after a fault: withdrawal rows, the ledger check
// (the server's own invariant query, from the built server), and the mail outbox.
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { ROOT } from '../../bench/lib.mjs';
import { sql } from './postgres.mjs';

/** The ledger invariant of the built server (`LEDGER_MISMATCH_SQL` and `ledgerMismatches`); a stable path. */
const INVARIANT_JS = path.join(ROOT, 'server', 'dist', 'modules', 'ledger', 'invariant.js');
let invariant = null;

/** Loads the server's ledger invariant, failing early and clearly when the server is not built. */
export async function loadLedgerInvariant() {
  if (invariant) return invariant;
  if (!fs.existsSync(INVARIANT_JS))
    throw new Error(
      `${path.relative(ROOT, INVARIANT_JS)} is missing: run \`npm run build -w common && npm run build -w server\` first`,
    );
  const mod = await import(pathToFileURL(INVARIANT_JS).href);
  invariant = typeof mod.ledgerMismatches === 'function' ? mod : mod.default;
  return invariant;
}

/** Ids of every withdrawal row: the difference over an experiment is what it created. */
export async function withdrawalIds(ctx) {
  return new Set((await sql(ctx, `SELECT id FROM "transaction" WHERE trx_type = 'WITHDRAWAL'`)).map((r) => r.id));
}

/**
 * The ledger check after each experiment and at the end: the server's invariant (every account
 * bucket equals the sum of its ledger entries, none negative), no account with pending
 * withdrawals over its withdrawable balance, and counts.
 */
export async function ledgerCheck(ctx) {
  const { ledgerMismatches } = await loadLedgerInvariant();
  // All accounts; through `sql`, so the check rides out a database that is still restarting.
  const mismatches = await ledgerMismatches({ query: (text, params) => sql(ctx, text, params) });
  const overdrawn = await sql(
    ctx,
    `SELECT a.id AS account FROM account a
      WHERE a.balance - a.locked_bonus < (SELECT COALESCE(sum(t.amount), 0) FROM "transaction" t
              WHERE t.user_id = a.user_id AND t.trx_type = 'WITHDRAWAL' AND t.status = 'PENDING')`,
  );
  const [counts] = await sql(
    ctx,
    `SELECT (SELECT count(*) FROM account)::int AS accounts, (SELECT count(*) FROM ledger_entry)::int AS entries,
            (SELECT count(*) FROM "transaction" WHERE trx_type = 'WITHDRAWAL')::int AS withdrawals`,
  );
  return { ...counts, bucketsNotEqualToLedgerOrNegative: mismatches, overdrawnAccounts: overdrawn };
}

/** True when a ledger check found a broken bucket or an overdrawn account. */
export const ledgerBroken = (ledger) =>
  ledger.bucketsNotEqualToLedgerOrNegative.length > 0 || ledger.overdrawnAccounts.length > 0;

/** Mails not sent yet, grouped by what the outbox knows about them (why they wait). */
export async function unsentMails(ctx) {
  return sql(
    ctx,
    `SELECT kind, status, left(COALESCE(last_error, ''), 60) AS last_error, count(*)::int AS n,
            max(attempts)::int AS max_attempts, count(*) FILTER (WHERE lease_until > now())::int AS leased,
            round(extract(epoch FROM now() - max(created_at)))::int AS newest_age_s,
            round(extract(epoch FROM now() - min(created_at)))::int AS oldest_age_s
       FROM mail_outbox WHERE status <> 'sent' GROUP BY 1, 2, 3 ORDER BY 1, 2, 3`,
  );
}

/** The fallback queue of mails: mail.deliver jobs due and waiting, and how many ended in the last minute. */
export async function deliverJobs(ctx) {
  const [row] = await sql(
    ctx,
    `SELECT count(*) FILTER (WHERE state IN ('created', 'retry') AND start_after <= now())::int AS due_waiting,
            count(*) FILTER (WHERE state IN ('created', 'retry') AND start_after > now())::int AS not_yet_due,
            count(*) FILTER (WHERE completed_on > now() - interval '60 seconds')::int AS ended_last_minute
       FROM pgboss.job WHERE name = 'mail.deliver'`,
  );
  return row;
}

/** `{ status: count }` of the mail outbox, to wait for it to settle at the end. */
export async function outboxCounts(ctx) {
  const rows = await sql(ctx, `SELECT status, count(*)::int AS n FROM mail_outbox GROUP BY status ORDER BY status`);
  return Object.fromEntries(rows.map((r) => [r.status, r.n]));
}
