import { MigrationInterface, QueryRunner } from 'typeorm';

/** A transaction row's part in each overview figure, signed (`sign` is 1 or -1), over rows aliased t. */
const CONTRIBUTIONS = (rows: string, sign: number) => `
  SELECT c.figure, c.trx_type, c.day, ${sign} AS n, ${sign} * c.a AS a, ${sign} * c.b AS b
    FROM ${rows} t
   CROSS JOIN LATERAL (SELECT t.trx_type = 'DEPOSIT' AND t.status = 'CONFIRMED' AND t.settlement_state IS NULL
                              AND t.matures_at IS NOT NULL AS running) r
   CROSS JOIN LATERAL (VALUES
     (CASE WHEN t.status = 'PENDING' THEN 'pending' END, t.trx_type, NULL::date, t.amount, 0::numeric),
     (CASE WHEN t.status = 'CONFIRMED' AND t.confirmed_at IS NOT NULL THEN 'confirmed' END, t.trx_type,
      (t.confirmed_at AT TIME ZONE 'UTC')::date, t.amount, 0::numeric),
     (CASE WHEN r.running THEN 'maturing' END, NULL, (t.matures_at AT TIME ZONE 'UTC')::date,
      CASE WHEN r.running AND t.returns_principal IS NOT FALSE THEN t.amount ELSE 0 END,
      CASE WHEN r.running THEN COALESCE(settlement_profit(t.amount, t.profit_percent), 0) ELSE 0 END)
   ) c(figure, trx_type, day, a, b)
   WHERE c.figure IS NOT NULL`;

/** Appends the sum of `parts` (rows of figure, trx_type, day, n, a, b) per figure, type and day, leaving out nothing-changed sums. */
const APPEND = (parts: string) => `
  INSERT INTO overview_total (figure, trx_type, day, n, a, b)
  SELECT figure, trx_type, day, sum(n), sum(a), sum(b) FROM (${parts}) p
   GROUP BY figure, trx_type, day HAVING sum(n) <> 0 OR sum(a) <> 0 OR sum(b) <> 0`;

/** An account row's part in the 'accounts' figure, signed, over rows aliased t. */
const ACCOUNT_PARTS = (rows: string, sign: number) =>
  `SELECT 'accounts' AS figure, NULL::varchar AS trx_type, NULL::date AS day, ${sign} AS n,
          ${sign} * t.investment AS a, ${sign} * t.balance AS b FROM ${rows} t`;

/**
 * A statement-level trigger function appending what a statement changed in the figures: the
 * inserted rows' parts, the deleted rows' parts taken off, or for an update new minus old.
 */
const changedFunction = (name: string, parts: (rows: string, sign: number) => string) => `
  CREATE FUNCTION ${name}() RETURNS trigger LANGUAGE plpgsql AS $$
  BEGIN
    IF TG_OP = 'INSERT' THEN
      ${APPEND(parts('new_rows', 1))};
    ELSIF TG_OP = 'DELETE' THEN
      ${APPEND(parts('old_rows', -1))};
    ELSE
      ${APPEND(`${parts('new_rows', 1)} UNION ALL ${parts('old_rows', -1)}`)};
    END IF;
    RETURN NULL;
  END $$`;

/**
 * Every figure counted afresh from the accounts and transactions (the migration's backfill; also
 * what a bulk load that ran with triggers off runs after emptying the table, e.g. the benchmark).
 */
export const OVERVIEW_TOTALS_BACKFILL_SQL = APPEND(
  `${CONTRIBUTIONS('"transaction"', 1)} UNION ALL ${ACCOUNT_PARTS('account', 1)}`,
);

/**
 * The admin overview's running totals (issue 38), so its figures cost the same at 10 million
 * transactions as at ten: `overview_total` is an append-only list of changes to each figure —
 * the accounts' investment and balance sums ('accounts'), pending transactions per type
 * ('pending'), confirmed ones per type and UTC day of confirmation ('confirmed'), and running
 * deposits' principal and profit per UTC day of maturity ('maturing') — and a figure is the sum of
 * its rows. Statement-level triggers with transition tables append one row per figure a
 * statement changes (nothing for a change that leaves every figure as it was), so concurrent
 * writers never wait for each other on a shared counter row; a periodic task folds the rows into
 * one per figure and day (modules/overview). A truncate empties the table's figures.
 *
 * Created and filled in one transaction: the triggers' locks hold writes to both tables until
 * the backfill commits, so none is missed or counted twice.
 */
export class OverviewTotals1766124060000 implements MigrationInterface {
  name = 'OverviewTotals1766124060000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE overview_total (
        id bigserial PRIMARY KEY,
        figure varchar(16) NOT NULL,
        trx_type varchar(16),
        day date,
        n bigint NOT NULL,
        a numeric(30,5) NOT NULL,
        b numeric(30,5) NOT NULL
      )`);
    await q.query(`CREATE INDEX ix_overview_total_figure ON overview_total (figure, day)`);
    await q.query(changedFunction('overview_transactions_changed', CONTRIBUTIONS));
    await q.query(changedFunction('overview_accounts_changed', ACCOUNT_PARTS));
    await q.query(`
      CREATE FUNCTION overview_figures_truncated() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        DELETE FROM overview_total WHERE figure = ANY (TG_ARGV);
        RETURN NULL;
      END $$`);
    for (const [table, fn, prefix] of [
      ['"transaction"', 'overview_transactions_changed', 'overview_transactions'],
      ['account', 'overview_accounts_changed', 'overview_accounts'],
    ]) {
      await q.query(`CREATE TRIGGER ${prefix}_inserted AFTER INSERT ON ${table}
        REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION ${fn}()`);
      await q.query(`CREATE TRIGGER ${prefix}_updated AFTER UPDATE ON ${table}
        REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION ${fn}()`);
      await q.query(`CREATE TRIGGER ${prefix}_deleted AFTER DELETE ON ${table}
        REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION ${fn}()`);
    }
    await q.query(`CREATE TRIGGER overview_transactions_truncated AFTER TRUNCATE ON "transaction"
      FOR EACH STATEMENT EXECUTE FUNCTION overview_figures_truncated('pending', 'confirmed', 'maturing')`);
    await q.query(`CREATE TRIGGER overview_accounts_truncated AFTER TRUNCATE ON account
      FOR EACH STATEMENT EXECUTE FUNCTION overview_figures_truncated('accounts')`);
    await q.query(OVERVIEW_TOTALS_BACKFILL_SQL);
  }

  async down(q: QueryRunner): Promise<void> {
    for (const [table, prefix] of [
      ['"transaction"', 'overview_transactions'],
      ['account', 'overview_accounts'],
    ]) {
      for (const event of ['inserted', 'updated', 'deleted', 'truncated'])
        await q.query(`DROP TRIGGER IF EXISTS ${prefix}_${event} ON ${table}`);
    }
    await q.query(`DROP FUNCTION IF EXISTS overview_figures_truncated()`);
    await q.query(`DROP FUNCTION IF EXISTS overview_accounts_changed()`);
    await q.query(`DROP FUNCTION IF EXISTS overview_transactions_changed()`);
    await q.query(`DROP TABLE IF EXISTS overview_total`);
  }
}
