import type { TrxStatus, TrxType } from '../../../generated/graphql';
import { HELD_COINS } from '../../../components/coins';

/** The Transactions page's filters as kept in the URL (issue 38): shareable, kept on reload and Back. */
export interface TransactionFilterValues {
  trxType?: TrxType;
  status?: TrxStatus;
  crypto?: string;
  /** YYYY-MM-DD, both included. */
  from?: string;
  to?: string;
  /** Blockchain id, whole or its beginning. */
  txid?: string;
}

/** The URL parameter of each filter, in the order the bar shows them. */
export const FILTER_KEYS = ['txid', 'trxType', 'status', 'crypto', 'from', 'to'] as const;

/** Choices of the Type select, in the order shown. */
export const TYPE_CHOICES: readonly TrxType[] = ['DEPOSIT', 'WITHDRAWAL'];
/** Choices of the Status select, in the order shown. */
export const STATUS_CHOICES: readonly TrxStatus[] = ['PENDING', 'CONFIRMED', 'DECLINED'];

const DAY = /^\d{4}-\d{2}-\d{2}$/;
/** Longest txid kept from a URL (the server refuses longer). */
const MAX_TXID = 250;

/**
 * The filters a URL holds; values the server would refuse (an unknown status, a malformed day, a
 * coin we don't have) are dropped, so a stale or hand-edited link still opens a working list.
 */
export function filtersFromParams(params: URLSearchParams): TransactionFilterValues {
  const pick = <T extends string>(key: string, allowed: readonly T[]) => {
    const value = params.get(key) as T | null;
    return value && allowed.includes(value) ? value : undefined;
  };
  const day = (key: string) => {
    const value = params.get(key);
    return value && DAY.test(value) && !Number.isNaN(Date.parse(`${value}T00:00:00Z`)) ? value : undefined;
  };
  const txid = params.get('txid')?.trim().slice(0, MAX_TXID) || undefined;
  const found: TransactionFilterValues = {
    txid,
    trxType: pick('trxType', TYPE_CHOICES),
    status: pick('status', STATUS_CHOICES),
    crypto: pick('crypto', HELD_COINS),
    from: day('from'),
    to: day('to'),
  };
  return Object.fromEntries(Object.entries(found).filter(([, v]) => v !== undefined));
}

/** `params` with one filter set (or removed when empty); other parameters stay. */
export function withFilter(
  params: URLSearchParams,
  key: keyof TransactionFilterValues,
  value: string,
): URLSearchParams {
  const next = new URLSearchParams(params);
  if (value.trim()) next.set(key, value.trim());
  else next.delete(key);
  return next;
}

/** `params` without any filter. */
export function withoutFilters(params: URLSearchParams): URLSearchParams {
  const next = new URLSearchParams(params);
  for (const key of FILTER_KEYS) next.delete(key);
  return next;
}

/** True when a filter narrows the list. */
export const isFiltered = (filters: TransactionFilterValues) => Object.keys(filters).length > 0;

/** The first day after the last one (from > to): the server refuses it, the bar says so instead. */
export const daysOutOfOrder = (filters: TransactionFilterValues) =>
  Boolean(filters.from && filters.to && filters.from > filters.to);
