import { createHash } from 'node:crypto';
import { AppError, ErrorCode } from '../kernel/errors';
import { SortDirection, STALE_CURSOR } from '../kernel/paging';

/**
 * The order of a list that pages by keyset: one sort key, the id breaking its ties, both in the
 * same direction (so `(key, id) < (k, i)` is one index range).
 */
export interface KeysetOrder {
  /** SQL of the sort key over the list's alias: `t.created_at`, `lower(u.full_name)`. Never NULL. */
  key: string;
  /** The PostgreSQL type the key's text form is cast back to (exact: no rounding of µs or digits). */
  type: 'timestamptz' | 'numeric' | 'text';
  /** The list's id column (`t.id`). */
  id: string;
  /** The id column's type: uuid (default) or bigint (an identity, as in the audit trail). */
  idType?: 'uuid' | 'bigint';
  direction: SortDirection;
}

/** A position in a list: the sort key (as PostgreSQL prints it) and id of a row. */
export interface KeysetPosition {
  key: string;
  id: string;
}

/** Which side of a position a page lies: after it (the next page) or before it (the previous). */
export type KeysetSide = 'after' | 'before';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const ID_SHAPE = { uuid: UUID, bigint: /^\d{1,19}$/ };
const KEY_SHAPE: Record<KeysetOrder['type'], RegExp> = {
  timestamptz: /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}(\.\d{1,6})?[+-]\d{2}(:\d{2}){0,2}$/,
  numeric: /^-?\d{1,30}(\.\d{1,30})?$/,
  text: /^[\s\S]{0,300}$/,
};

/** What a cursor is bound to: a cursor of another order would start from a meaningless place. */
function orderTag(order: KeysetOrder): string {
  return createHash('sha256').update(`${order.key}|${order.direction}`).digest('base64url').slice(0, 8);
}

/** An opaque cursor for `position` in `order` (base64url JSON; a position, not a secret). */
export function encodeCursor(order: KeysetOrder, position: KeysetPosition): string {
  return Buffer.from(JSON.stringify([1, orderTag(order), position.key, position.id])).toString('base64url');
}

/**
 * The position a cursor names, checked against the list's order; anything else (edited, cut,
 * from another list or order) is a 400 naming the parameter, never a database error.
 */
export function decodeCursor(cursor: string, order: KeysetOrder, side: KeysetSide): KeysetPosition {
  const refuse = () => AppError.field(side, STALE_CURSOR, ErrorCode.BAD_REQUEST);
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    throw refuse();
  }
  if (!Array.isArray(parsed) || parsed.length !== 4) throw refuse();
  const [version, tag, key, id] = parsed as unknown[];
  if (version !== 1 || tag !== orderTag(order)) throw refuse();
  if (typeof key !== 'string' || !KEY_SHAPE[order.type].test(key)) throw refuse();
  if (typeof id !== 'string' || !ID_SHAPE[order.idType ?? 'uuid'].test(id)) throw refuse();
  return { key, id };
}

/** The opposite direction (a previous page is read backwards from its end). */
export function reversed(direction: SortDirection): SortDirection {
  return direction === SortDirection.ASC ? SortDirection.DESC : SortDirection.ASC;
}

/**
 * The condition "comes after `position` in `direction`" as one row comparison over the key and
 * id, with named parameters; PostgreSQL walks an index on (key, id) from that point.
 */
export function beyond(order: KeysetOrder, direction: SortDirection, position: KeysetPosition) {
  const op = direction === SortDirection.DESC ? '<' : '>';
  return {
    sql: `(${order.key}, ${order.id}) ${op} (CAST(:keysetKey AS ${order.type}), CAST(:keysetId AS ${order.idType ?? 'uuid'}))`,
    params: { keysetKey: position.key, keysetId: position.id },
  };
}
