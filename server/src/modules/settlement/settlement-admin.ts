import { AppError } from '../../kernel/errors';
import { TrxStatus, TrxType, SettlementState } from '../transaction';
import { type SettlementCandidate, utc } from './settlement-effects';

/** The admin's settle action's rules: which ids it takes, and why a deposit can't be settled now. */

/** Most deposits one admin action may settle (one database transaction). */
export const MAX_ADMIN_IDS = 500;

/** Said for a deposit whose settlement row exists. */
export const ALREADY_SETTLED = 'This deposit has already been settled';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A transaction id as the database takes it (anything else can't exist). */
export const isUuid = (v: unknown): v is string => typeof v === 'string' && UUID.test(v);

/** The ids of an admin action: 1 to MAX_ADMIN_IDS strings, duplicates dropped (422 on `ids` otherwise). */
export function adminIds(raw: unknown): string[] {
  const message = `ids must list 1 to ${MAX_ADMIN_IDS} transaction ids`;
  if (!Array.isArray(raw) || !raw.length || raw.length > MAX_ADMIN_IDS) throw AppError.field('ids', message);
  if (!raw.every((id) => typeof id === 'string')) throw AppError.field('ids', message);
  return [...new Set(raw as string[])];
}

/** Why an admin can't settle this deposit now (null: go ahead). */
export function refusalOf(d: SettlementCandidate | undefined, now: Date): string | null {
  if (!d) return 'Transaction not found';
  if (d.trxType !== TrxType.DEPOSIT) return 'Only deposits are settled';
  if (d.status !== TrxStatus.CONFIRMED || !d.maturesAt) return 'The deposit is not confirmed';
  if (d.settlementState === SettlementState.SETTLED) return ALREADY_SETTLED;
  if (d.maturesAt > now) return `The deposit matures at ${utc(d.maturesAt)}`;
  return null;
}
