import { Field, ID, ObjectType } from 'type-graphql';
import { AppError, ErrorCode } from '../../kernel/errors';
import { TrxStatus, TrxType } from '../transaction';

/** Most transactions one bulk review may change (the admin list shows 20 a page; a larger batch is a mistake). */
export const MAX_BULK_STATUS = 100;

/** What happened to one transaction of a bulk review: applied, or refused and why (nothing changed for it). */
@ObjectType({ description: 'One transaction of a bulk status change: applied (ok) or refused with the reason' })
export class BulkStatusResult {
  @Field(() => ID) id: string;
  @Field({ description: 'True when the change was applied' }) ok: boolean;
  @Field(() => TrxStatus, { nullable: true, description: 'Its status after the change (null when refused)' })
  status: TrxStatus | null;
  @Field(() => String, { nullable: true, description: 'Why it was refused, e.g. it was already confirmed' })
  message: string | null;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The ids of a bulk review, checked before anything is locked: 1 to MAX_BULK_STATUS transaction
 * ids (duplicates counted once, the first order kept); a malformed one refuses the request.
 */
export function bulkStatusIds(raw: readonly unknown[]): string[] {
  if (!Array.isArray(raw) || raw.length === 0) throw AppError.field('ids', 'Select at least one transaction');
  if (raw.some((id) => typeof id !== 'string' || !UUID.test(id)))
    throw AppError.field('ids', 'Every id must be a transaction id');
  const ids = [...new Set((raw as string[]).map((id) => id.toLowerCase()))];
  if (ids.length > MAX_BULK_STATUS)
    throw AppError.field('ids', `Select at most ${MAX_BULK_STATUS} transactions at once (${ids.length} selected)`);
  return ids;
}

/**
 * Refuses a bulk item that is not a pending deposit: what a bulk review is for. A withdrawal is
 * reviewed on its own (its payout), and one decided meanwhile (by another admin, or the chain
 * watcher) is left as it is, so one click cannot undo someone else's decision.
 */
export function assertPendingDeposit(row: { trxType: string; status: string }): void {
  if (row.trxType !== TrxType.DEPOSIT)
    throw new AppError(ErrorCode.CONFLICT, 'Only deposits are reviewed in bulk; open the withdrawal to review it');
  if (row.status !== TrxStatus.PENDING)
    throw new AppError(ErrorCode.CONFLICT, `Already ${row.status.toLowerCase()} (changed meanwhile)`);
}
