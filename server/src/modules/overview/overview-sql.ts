import {
  DUE_FOR_SETTLEMENT_SQL,
  SETTLEMENT_PRINCIPAL_SQL,
  SETTLEMENT_PROFIT_SQL,
  settlementProfitOfY,
} from '../settlement';

/** A running deposit's profit, per row: settlement_profit's rule inline over y (see settlementProfitOfY). */
const PROFIT = `COALESCE(${settlementProfitOfY('p.y')}, 0)`;

/**
 * The admin overview in one statement (one snapshot, one round trip). Parameters: $1 now, $2 the
 * series' first day, $3 its last day (YYYY-MM-DD), $4 Monday 00:00 UTC of this week, $5 of last
 * week, $6 today (the first obligation day), $7 midnight UTC ending today, $8 the obligation
 * window's last day. Money is summed in SQL numeric and sent as text; every day of both series is
 * present (generate_series), zero when nothing happened.
 *
 * The account sums, the pending transactions, the confirmed money per day and what matures from
 * tomorrow on are sums of `overview_total`'s rows (running totals the triggers of migration
 * OverviewTotals append to, folded by OverviewTotals.fold), so their cost does not grow with the
 * number of accounts or transactions. Today's maturities are read from the deposits themselves
 * (those still to mature after now: an index range of one day), as are the deposits due for
 * settlement (an index range) and this and last week's sign-ups (an index range).
 */
export const OVERVIEW_SQL = `
WITH totals AS (
  SELECT figure, trx_type, day, sum(n) AS n, sum(a) AS a, sum(b) AS b
    FROM overview_total
   WHERE figure IN ('accounts', 'pending')
      OR (figure = 'confirmed' AND day BETWEEN $2::date AND $3::date)
      OR (figure = 'maturing' AND day > $6::date AND day <= $8::date)
   GROUP BY figure, trx_type, day
), acc AS (
  SELECT COALESCE(sum(a) FILTER (WHERE figure = 'accounts'), 0)::numeric(20,5) AS aum,
         COALESCE(sum(b) FILTER (WHERE figure = 'accounts'), 0)::numeric(20,5) AS owed,
         COALESCE(sum(n) FILTER (WHERE figure = 'pending' AND trx_type = 'DEPOSIT'), 0)::int AS deposits,
         COALESCE(sum(a) FILTER (WHERE figure = 'pending' AND trx_type = 'DEPOSIT'), 0)::numeric(20,2) AS deposit_sum,
         COALESCE(sum(n) FILTER (WHERE figure = 'pending' AND trx_type = 'WITHDRAWAL'), 0)::int AS withdrawals,
         COALESCE(sum(a) FILTER (WHERE figure = 'pending' AND trx_type = 'WITHDRAWAL'), 0)::numeric(20,2) AS withdrawal_sum
    FROM totals
), due_rows AS (
  SELECT t.amount, ${SETTLEMENT_PRINCIPAL_SQL} + ${SETTLEMENT_PROFIT_SQL} AS payout
    FROM "transaction" t WHERE ${DUE_FOR_SETTLEMENT_SQL.pending('$1')}
  UNION ALL
  SELECT t.amount, ${SETTLEMENT_PRINCIPAL_SQL} + ${SETTLEMENT_PROFIT_SQL}
    FROM "transaction" t WHERE ${DUE_FOR_SETTLEMENT_SQL.waiting('$1')}
), due AS (
  SELECT count(*)::int AS n, COALESCE(sum(amount), 0)::numeric(20,2) AS amount,
         COALESCE(sum(payout), 0)::numeric(20,5) AS payout
    FROM due_rows
), investors AS (
  SELECT count(*) FILTER (WHERE created_at >= $4)::int AS this_week,
         count(*) FILTER (WHERE created_at < $4)::int AS last_week
    FROM app_user WHERE type = 'investor' AND created_at >= $5
), flows AS (
  SELECT day,
         COALESCE(sum(n) FILTER (WHERE trx_type = 'DEPOSIT'), 0)::int AS deposits,
         COALESCE(sum(a) FILTER (WHERE trx_type = 'DEPOSIT'), 0) AS deposit_sum,
         COALESCE(sum(n) FILTER (WHERE trx_type = 'WITHDRAWAL'), 0)::int AS withdrawals,
         COALESCE(sum(a) FILTER (WHERE trx_type = 'WITHDRAWAL'), 0) AS withdrawal_sum
    FROM totals WHERE figure = 'confirmed'
   GROUP BY day
), maturing AS (
  SELECT day, n::int AS n, a AS principal, b AS profit FROM totals WHERE figure = 'maturing'
  UNION ALL
  SELECT $6::date, count(*)::int, sum(${SETTLEMENT_PRINCIPAL_SQL}), sum(${PROFIT})
    FROM "transaction" t CROSS JOIN LATERAL (SELECT t.amount * t.profit_percent * 1000 AS y) p
   WHERE t.trx_type = 'DEPOSIT' AND t.status = 'CONFIRMED' AND t.settlement_state IS NULL
     AND t.matures_at > $1 AND t.matures_at < $7
  HAVING count(*) > 0
)
SELECT acc.aum::text AS aum, acc.owed::text AS owed,
       acc.deposits AS "pendingDeposits", acc.deposit_sum::text AS "pendingDepositSum",
       acc.withdrawals AS "pendingWithdrawals", acc.withdrawal_sum::text AS "pendingWithdrawalSum",
       due.n AS "dueCount", due.amount::text AS "dueSum", due.payout::text AS "duePayout",
       investors.this_week AS "investorsThisWeek", investors.last_week AS "investorsLastWeek",
       (SELECT json_agg(json_build_object(
                 'day', to_char(d, 'YYYY-MM-DD'),
                 'deposits', COALESCE(f.deposits, 0),
                 'depositSum', COALESCE(f.deposit_sum, 0)::numeric(20,2)::text,
                 'withdrawals', COALESCE(f.withdrawals, 0),
                 'withdrawalSum', COALESCE(f.withdrawal_sum, 0)::numeric(20,2)::text) ORDER BY d)
          FROM generate_series($2::date::timestamp, $3::date::timestamp, interval '1 day') d
          LEFT JOIN flows f ON f.day = d::date) AS flows,
       (SELECT json_agg(json_build_object(
                 'day', to_char(d, 'YYYY-MM-DD'),
                 'count', COALESCE(m.n, 0),
                 'principal', COALESCE(m.principal, 0)::numeric(20,5)::text,
                 'profit', COALESCE(m.profit, 0)::numeric(20,5)::text,
                 'total', COALESCE(m.principal + m.profit, 0)::numeric(20,5)::text) ORDER BY d)
          FROM generate_series($6::date::timestamp, $8::date::timestamp, interval '1 day') d
          LEFT JOIN maturing m ON m.day = d::date) AS obligations,
       (SELECT COALESCE(sum(principal + profit), 0)::numeric(20,5)::text FROM maturing) AS "obligationsTotal",
       (SELECT json_build_object(
                 'deposits', COALESCE(sum(deposits), 0),
                 'depositSum', COALESCE(sum(deposit_sum), 0)::numeric(20,2)::text,
                 'withdrawals', COALESCE(sum(withdrawals), 0),
                 'withdrawalSum', COALESCE(sum(withdrawal_sum), 0)::numeric(20,2)::text)
          FROM flows) AS "flowTotals"
  FROM acc, due, investors`;

/**
 * Folds overview_total's rows into one per figure, type and day (dropping sums back at zero), in
 * one statement: a row appended meanwhile by a transaction not yet committed is not seen by the
 * DELETE, so it stays and is folded next time; a fold racing another deletes only what the other
 * did not, so nothing is counted twice. Readers see the rows before or after, the same sums.
 */
export const FOLD_OVERVIEW_TOTALS_SQL = `
WITH gone AS (DELETE FROM overview_total RETURNING figure, trx_type, day, n, a, b)
INSERT INTO overview_total (figure, trx_type, day, n, a, b)
SELECT figure, trx_type, day, sum(n), sum(a), sum(b) FROM gone
 GROUP BY figure, trx_type, day HAVING sum(n) <> 0 OR sum(a) <> 0 OR sum(b) <> 0`;
