import { COIN_BUCKETS } from '@cryptovest/common';
import { ArgsType, Field } from 'type-graphql';
import { AppError, ErrorCode } from '../../kernel/errors';
import { canonicalBlockchainId } from './blockchain-id';
import { TrxStatus, TrxType } from './transaction.entity';

/** Longest txid prefix searched (the column holds 250 characters). */
const MAX_TXID = 250;
/** A day as the filters take it: YYYY-MM-DD (UTC days, as the chart's). */
const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** The investor's own transactions list's filters (issue 38); every part optional. */
export interface MyTransactionFilter {
  trxType?: TrxType;
  status?: TrxStatus;
  /** A coin bucket name (bitcoin, ethereum, bnb, litecoin, usdt). */
  crypto?: string;
  /** First and last day included (YYYY-MM-DD, UTC). */
  from?: string;
  to?: string;
  /** Canonical key prefix of the blockchain id (blockchain-id.ts): exact ids match too. */
  txidPrefix?: string;
}

/** GraphQL arguments of `myTransactions` beside paging (all optional; none: everything, newest first). */
@ArgsType()
export class MyTransactionFilterArgs {
  @Field(() => TrxType, { nullable: true, description: 'Only deposits or only withdrawals' })
  trxType?: TrxType | null;
  @Field(() => TrxStatus, { nullable: true, description: 'Only transactions in this status' })
  status?: TrxStatus | null;
  @Field(() => String, { nullable: true, description: 'Only this coin: bitcoin, ethereum, bnb, litecoin or usdt' })
  crypto?: string | null;
  @Field(() => String, { nullable: true, description: 'Submitted on or after this day (YYYY-MM-DD, UTC)' })
  from?: string | null;
  @Field(() => String, { nullable: true, description: 'Submitted on or before this day (YYYY-MM-DD, UTC)' })
  to?: string | null;
  @Field(() => String, {
    nullable: true,
    description: 'Blockchain transaction id, whole or its beginning (any case, with or without 0x)',
  })
  txid?: string | null;
}

/** A YYYY-MM-DD that is a real calendar day, else a field error naming `field`. */
function day(field: string, value: string | null | undefined): string | undefined {
  if (value === undefined || value === null || value === '') return undefined;
  const parsed = DAY.test(value) ? new Date(`${value}T00:00:00Z`) : null;
  if (!parsed || Number.isNaN(parsed.getTime()) || parsed.toISOString().slice(0, 10) !== value)
    throw AppError.field(field, 'use a date like 2026-01-31', ErrorCode.BAD_REQUEST);
  return value;
}

/**
 * The filters from GraphQL arguments, checked (a user's mistake is a field error, never a 500):
 * a coin we know, real days in order, a txid of printable characters, canonicalised like the
 * stored key so "0xABC" finds "abc…".
 */
export function myTransactionFilter(args: MyTransactionFilterArgs): MyTransactionFilter {
  const filter: MyTransactionFilter = {};
  if (args.trxType) filter.trxType = args.trxType;
  if (args.status) filter.status = args.status;
  if (args.crypto) {
    if (!(COIN_BUCKETS as readonly string[]).includes(args.crypto))
      throw AppError.field('crypto', `choose one of ${COIN_BUCKETS.join(', ')}`, ErrorCode.BAD_REQUEST);
    filter.crypto = args.crypto;
  }
  filter.from = day('from', args.from);
  filter.to = day('to', args.to);
  if (filter.from && filter.to && filter.from > filter.to)
    throw AppError.field('to', 'the last day must not be before the first', ErrorCode.BAD_REQUEST);
  const txid = args.txid?.trim();
  if (txid) {
    if (txid.length > MAX_TXID) throw AppError.field('txid', `at most ${MAX_TXID} characters`, ErrorCode.BAD_REQUEST);
    let key: string;
    try {
      key = canonicalBlockchainId(txid).key;
    } catch {
      throw AppError.field('txid', 'use only the letters and digits of the transaction id', ErrorCode.BAD_REQUEST);
    }
    if (key) filter.txidPrefix = key;
  }
  for (const name of Object.keys(filter) as (keyof MyTransactionFilter)[])
    if (filter[name] === undefined) delete filter[name];
  return filter;
}

/** True when no filter narrows the list (the kept first pages answer it: own-ledger-reads.ts). */
export const isUnfiltered = (filter: MyTransactionFilter): boolean => Object.keys(filter).length === 0;

/** Escapes LIKE's wildcards, so a txid's "_" or "%" match only themselves. */
const likeLiteral = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * The WHERE conditions (over alias `t`, after `t.user_id = $1`) and their parameters, numbered
 * from `$first`. Dates are UTC days, `to` included.
 */
export function myTransactionConditions(filter: MyTransactionFilter, first: number) {
  const conditions: string[] = [];
  const params: unknown[] = [];
  const add = (sql: (n: string) => string, value: unknown) => {
    params.push(value);
    conditions.push(sql(`$${first + params.length - 1}`));
  };
  if (filter.trxType) add((n) => `t.trx_type = ${n}`, filter.trxType);
  if (filter.status) add((n) => `t.status = ${n}`, filter.status);
  if (filter.crypto) add((n) => `t.crypto = ${n}`, filter.crypto);
  if (filter.from) add((n) => `t.created_at >= (${n}::date)::timestamp AT TIME ZONE 'UTC'`, filter.from);
  if (filter.to) add((n) => `t.created_at < (${n}::date + 1)::timestamp AT TIME ZONE 'UTC'`, filter.to);
  if (filter.txidPrefix) add((n) => `t.transaction_id_key LIKE ${n} || '%'`, likeLiteral(filter.txidPrefix));
  return { sql: conditions.map((c) => ` AND ${c}`).join(''), params };
}
