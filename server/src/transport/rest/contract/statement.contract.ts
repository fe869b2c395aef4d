import { z } from 'zod';
import { ApiKeyScope, Role } from '../../../modules/user';
import { MAX_STATEMENT_DAYS } from '../../../modules/statement';
import { operation } from './operation';

const TAG = 'Statements';

/** A whole day in UTC, as the period parameters take it. */
const Day = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/)
  .meta({ description: 'A date, YYYY-MM-DD (a whole day in UTC)' });

const PERIOD_WORDS =
  '`from` and `to` are whole days in UTC, both included. 422 naming the field: "from is required (YYYY-MM-DD)", ' +
  '"from must be a date written YYYY-MM-DD", "from is not a real date: 2026-02-30", "to must be on or after from"';

/** GET /api/statements: an investor's statement for a period, as CSV or PDF. */
export const getStatement = operation({
  id: 'getStatement',
  method: 'get',
  path: '/statements',
  tag: TAG,
  summary: 'An account statement for a period, as CSV or PDF',
  description:
    "The caller's statement (admins: any investor's, by `userId`): each bucket's opening amount (after the last " +
    'ledger entry before `from`, 0 when none) and closing amount, then every ledger entry of the period with its ' +
    'date, bucket, change, amount after, reason in words and transaction. Balance, investment, profit and the ' +
    'locked bonus are always listed; the wallet balance and coin buckets when they were ever used. Amounts are ' +
    `US dollars with 2 to 5 decimals, exact. ${PERIOD_WORDS}, "A statement covers at most ${MAX_STATEMENT_DAYS} ` +
    'days"; 400 for an unknown `format`. An investor naming another user gets 403; an unknown user 404, an ' +
    'admin without `userId` 422. Sent as an attachment named `cryptovest-statement-<from>-to-<to>.csv|pdf`.',
  auth: { role: Role.USER, scopes: [ApiKeyScope.ACCOUNT_READ, ApiKeyScope.ADMIN_READ] },
  query: z.object({
    from: Day.meta({ description: 'First day of the period (UTC), included' }),
    to: Day.meta({ description: 'Last day of the period (UTC), included' }),
    format: z.enum(['csv', 'pdf']).optional().meta({ description: 'csv (the default) or pdf' }),
    userId: z.uuid().optional().meta({ description: 'Admins: whose statement (investors: only their own id)' }),
  }),
  ok: { status: 200, binary: 'The statement file (attachment)', media: ['text/csv', 'application/pdf'] },
  errors: [404],
});

/** GET /api/admin/exports/transactions: every transaction of a period as CSV, for accounting. */
export const exportTransactions = operation({
  id: 'exportTransactions',
  method: 'get',
  path: '/admin/exports/transactions',
  tag: TAG,
  summary: "Every investor's transactions of a period as CSV, for accounting (admin)",
  description:
    'One line per transaction made in the period, oldest first: id, date, investor name and e-mail, type, status, ' +
    'amount, coin, coin amount, plan, profit %, blockchain txid, wallet, origin, confirmed, matures and settled ' +
    'times, settlement state and payout fee. Streamed as it is read (any number of rows; no length limit on the ' +
    `period). ${PERIOD_WORDS}. Text cells that a spreadsheet would run as a formula start with \`'\`. Sent as an ` +
    'attachment named `cryptovest-transactions-<from>-to-<to>.csv`.',
  auth: { role: Role.ADMIN, scopes: [ApiKeyScope.ADMIN_READ] },
  query: z.object({
    from: Day.meta({ description: 'First day of the period (UTC), included' }),
    to: Day.meta({ description: 'Last day of the period (UTC), included' }),
  }),
  ok: { status: 200, binary: 'The CSV file (attachment)', media: ['text/csv'] },
});
