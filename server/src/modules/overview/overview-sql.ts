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
 * week, $6 today (the first obligation day), $7 the end of the obligation window (exclusive), $8
 * its last day. Money is summed in SQL numeric and sent as text; every day of both series is
 * present (generate_series), zero when nothing happened. Each part reads an index or the per-day
 * table transaction_day (kept by triggers), never the whole transaction table; only the account
 * sums read every account.
 */
export const OVERVIEW_SQL = `
WITH acc AS (
  SELECT COALESCE(sum(investment), 0)::numeric(20,5) AS aum, COALESCE(sum(balance), 0)::numeric(20,5) AS owed
    FROM account
), pending AS (
  SELECT count(*) FILTER (WHERE trx_type = 'DEPOSIT')::int AS deposits,
         COALESCE(sum(amount) FILTER (WHERE trx_type = 'DEPOSIT'), 0)::numeric(20,2) AS deposit_sum,
         count(*) FILTER (WHERE trx_type = 'WITHDRAWAL')::int AS withdrawals,
         COALESCE(sum(amount) FILTER (WHERE trx_type = 'WITHDRAWAL'), 0)::numeric(20,2) AS withdrawal_sum
    FROM "transaction" WHERE status = 'PENDING'
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
         COALESCE(sum(confirmed) FILTER (WHERE trx_type = 'DEPOSIT'), 0)::int AS deposits,
         COALESCE(sum(confirmed_sum) FILTER (WHERE trx_type = 'DEPOSIT'), 0) AS deposit_sum,
         COALESCE(sum(confirmed) FILTER (WHERE trx_type = 'WITHDRAWAL'), 0)::int AS withdrawals,
         COALESCE(sum(confirmed_sum) FILTER (WHERE trx_type = 'WITHDRAWAL'), 0) AS withdrawal_sum
    FROM transaction_day
   WHERE day BETWEEN $2::date AND $3::date
   GROUP BY day
), maturing AS (
  SELECT (t.matures_at AT TIME ZONE 'UTC')::date AS day, count(*)::int AS n,
         sum(${SETTLEMENT_PRINCIPAL_SQL}) AS principal, sum(${PROFIT}) AS profit
    FROM "transaction" t CROSS JOIN LATERAL (SELECT t.amount * t.profit_percent * 1000 AS y) p
   WHERE t.trx_type = 'DEPOSIT' AND t.status = 'CONFIRMED' AND t.settlement_state IS NULL
     AND t.matures_at > $1 AND t.matures_at < $7
   GROUP BY 1
)
SELECT acc.aum::text AS aum, acc.owed::text AS owed,
       pending.deposits AS "pendingDeposits", pending.deposit_sum::text AS "pendingDepositSum",
       pending.withdrawals AS "pendingWithdrawals", pending.withdrawal_sum::text AS "pendingWithdrawalSum",
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
  FROM acc, pending, due, investors`;
