import type { EntityManager } from 'typeorm';
import { sqlRows } from '../../db/sql';
import { trimDecimal, type TrxType } from '../transaction';

/**
 * A transaction as a webhook carries it: the GraphQL `Transaction` field names and values (money
 * as decimal strings with 2 decimals, times as ISO strings), plus `userId` so an admin's
 * all-accounts endpoint knows whose it is. The proof image (a link that expires) is left out.
 */
export interface WebhookTransaction {
  id: string;
  userId: string;
  trxType: TrxType;
  status: string;
  amount: string;
  crypto: string;
  cryptoAmount: string | null;
  plan: string | null;
  profitPercent: string | null;
  durationHours: number | null;
  returnsPrincipal: boolean | null;
  origin: string;
  transactionId: string | null;
  wallet: string | null;
  payoutFee: string | null;
  settlementState: string | null;
  createdAt: string;
  confirmedAt: string | null;
  maturesAt: string | null;
  settledAt: string | null;
  updatedAt: string;
}

/** The body of every webhook (Standard Webhooks' recommended shape): what happened, when, and to which transaction. */
export interface WebhookPayload {
  type: string;
  timestamp: string;
  data: { transaction: WebhookTransaction };
}

/** The payload's keys in the order they are sent (jsonb keeps its own key order, so the body is rebuilt in this one). */
const TRANSACTION_KEYS: readonly (keyof WebhookTransaction)[] = [
  'id',
  'userId',
  'trxType',
  'status',
  'amount',
  'crypto',
  'cryptoAmount',
  'plan',
  'profitPercent',
  'durationHours',
  'returnsPrincipal',
  'origin',
  'transactionId',
  'wallet',
  'payoutFee',
  'settlementState',
  'createdAt',
  'confirmedAt',
  'maturesAt',
  'settledAt',
  'updatedAt',
];

/** A `transaction` row as `transactionFacts` reads it (timestamps still Dates). */
type FactRow = Omit<WebhookTransaction, 'createdAt' | 'confirmedAt' | 'maturesAt' | 'settledAt' | 'updatedAt'> & {
  createdAt: Date;
  confirmedAt: Date | null;
  maturesAt: Date | null;
  settledAt: Date | null;
  updatedAt: Date;
};

const iso = (d: Date | null) => (d ? new Date(d).toISOString() : null);

/** Reads the webhook view of many transactions with one query, in the event's transaction (so it shows the change). */
export async function transactionFacts(m: EntityManager, ids: string[]): Promise<Map<string, WebhookTransaction>> {
  const rows = await sqlRows<FactRow>(
    m,
    `SELECT id, user_id AS "userId", trx_type AS "trxType", status, amount::text AS amount, crypto,
            crypto_amount::text AS "cryptoAmount", plan_name AS plan, profit_percent::text AS "profitPercent",
            duration_hours AS "durationHours", returns_principal AS "returnsPrincipal", origin,
            transaction_id AS "transactionId", wallet, payout_fee::text AS "payoutFee",
            settlement_state AS "settlementState", created_at AS "createdAt", confirmed_at AS "confirmedAt",
            matures_at AS "maturesAt", settled_at AS "settledAt", updated_at AS "updatedAt"
       FROM "transaction" WHERE id = ANY($1::uuid[])`,
    [ids],
  );
  return new Map(
    rows.map((r) => [
      r.id,
      {
        ...r,
        cryptoAmount: r.cryptoAmount === null ? null : trimDecimal(r.cryptoAmount),
        createdAt: iso(r.createdAt)!,
        confirmedAt: iso(r.confirmedAt),
        maturesAt: iso(r.maturesAt),
        settledAt: iso(r.settledAt),
        updatedAt: iso(r.updatedAt)!,
      },
    ]),
  );
}

/** The exact bytes sent (and signed) for a stored payload: keys in their documented order. */
export function webhookBody(payload: WebhookPayload): string {
  const stored = payload.data.transaction;
  const transaction = Object.fromEntries(TRANSACTION_KEYS.map((k) => [k, stored[k] ?? null]));
  return JSON.stringify({ type: payload.type, timestamp: payload.timestamp, data: { transaction } });
}
