import type { EntityManager, ObjectLiteral, SelectQueryBuilder } from 'typeorm';
import type { Page, Paging } from '../kernel/paging';
import { beyond, decodeCursor, encodeCursor, type KeysetOrder, type KeysetPosition, reversed } from './keyset';

/** Searches stop counting here: "1,000+" is as useful to an admin as an exact 25,000. */
export const COUNT_CAP = 1000;

/**
 * One page of `qb` (already filtered) in `order`, plus a total counted only up to COUNT_CAP, so
 * a broad search over a million users costs a page and a bounded count, not a full count. The
 * page comes with cursors: the next (previous) page is then found from its first row by keyset,
 * however deep, instead of walking past an offset.
 */
export async function cappedPage<T extends ObjectLiteral>(
  qb: SelectQueryBuilder<T>,
  paging: Paging,
  order: KeysetOrder,
): Promise<Page<T>> {
  qb.orderBy(order.key, order.direction).addOrderBy(order.id, order.direction);
  // skip/take makes TypeORM select the page's distinct ids over the whole join first (the only safe
  // way with to-many joins). Lists joining only to-one relations (a transaction's user, an
  // account's owner) have one row per entity: their page is found as ids first (see idsFirst).
  const toOneJoinsOnly = qb.expressionMap.joinAttributes.every((join) => !join.isMany);
  if (!toOneJoinsOnly && (paging.after || paging.before))
    throw new Error('keyset paging needs a list with to-one joins only');
  const { items, nextCursor, prevCursor } = toOneJoinsOnly
    ? await idsFirst(qb, paging, order)
    : { items: await qb.clone().skip(paging.skip).take(paging.take).getMany(), nextCursor: null, prevCursor: null };
  const limited = qb
    .clone()
    .select('1')
    .orderBy()
    .limit(COUNT_CAP + 1);
  const count = (m: EntityManager) =>
    m
      .createQueryBuilder()
      .select('count(*)::int', 'n')
      .from(`(${limited.getQuery()})`, 'capped')
      .setParameters(limited.getParameters())
      .getRawMany<{ n: number }>();
  // Searches and filters are matched on indexes; with a LIMIT the planner may still prefer walking
  // the table until enough rows match (a rare status: the whole table). Forbid that for this one
  // statement: the count stays bounded by the indexes whatever the data looks like. An unfiltered
  // list needs no guard (any 1,001 rows will do) and saves the transaction's three round trips.
  const filtered = qb.expressionMap.wheres.length > 0;
  const [{ n }] = filtered
    ? await qb.connection.transaction(async (m) => {
        await m.query('SET LOCAL enable_seqscan = off');
        return count(m);
      })
    : await count(qb.connection.manager);
  return {
    items,
    total: Math.min(n, COUNT_CAP),
    totalCapped: n > COUNT_CAP,
    page: paging.page,
    pageSize: paging.pageSize,
    nextCursor,
    prevCursor,
  };
}

/**
 * Drops the joins that neither filter nor order `qb` and cannot remove rows: left joins, and inner
 * joins over a NOT NULL foreign key (a transaction's user). PostgreSQL keeps an inner join it is
 * not told is redundant, probing the other table once per skipped row. Conditions built with
 * Brackets are not read: then every join stays.
 */
export function withoutIdleJoins<T extends ObjectLiteral>(qb: SelectQueryBuilder<T>): SelectQueryBuilder<T> {
  const map = qb.expressionMap;
  if (map.wheres.some((w) => typeof w.condition !== 'string')) return qb;
  const used = [...map.wheres.map((w) => w.condition as string), ...Object.keys(map.orderBys)].join(' ');
  map.joinAttributes = map.joinAttributes.filter((join) => {
    const mentioned = new RegExp(`\\b${join.alias.name}\\.`).test(used);
    const cannotRemoveRows =
      join.direction === 'LEFT' ||
      (!!join.relation?.joinColumns.length && join.relation.joinColumns.every((c) => !c.isNullable));
    return mentioned || !cannotRemoveRows;
  });
  return qb;
}

/**
 * A page of a list with only to-one joins, in two statements: the page's ids (and sort keys) over
 * the id and sort key alone (an index-only walk; joins stay only where the filter or order needs
 * them), then those rows whole. The ids come from a cursor's position by keyset when one was
 * sent, else past the offset; one id more than the page tells whether another page follows.
 */
async function idsFirst<T extends ObjectLiteral>(
  qb: SelectQueryBuilder<T>,
  paging: Paging,
  order: KeysetOrder,
): Promise<{ items: T[]; nextCursor: string | null; prevCursor: string | null }> {
  const side = paging.after ? 'after' : paging.before ? 'before' : null;
  const backwards = side === 'before';
  const direction = backwards ? reversed(order.direction) : order.direction;
  const ids = withoutIdleJoins(qb.clone().select(order.id, 'id').addSelect(`(${order.key})::text`, 'k'));
  ids.orderBy(order.key, direction).addOrderBy(order.id, direction);
  if (side) {
    const from = beyond(order, direction, decodeCursor((paging.after ?? paging.before)!, order, side));
    ids.andWhere(from.sql, from.params);
  } else ids.offset(paging.skip);
  const found = await ids.limit(paging.take + 1).getRawMany<{ id: string; k: string }>();
  const more = found.length > paging.take; // another page beyond, in the direction read
  const rows = found.slice(0, paging.take);
  if (backwards) rows.reverse();
  const cursorOf = (row: { id: string; k: string } | undefined) =>
    row ? encodeCursor(order, { key: row.k, id: row.id } satisfies KeysetPosition) : null;
  const hasNext = backwards ? rows.length > 0 : more;
  const hasPrev = backwards ? more : side === 'after' || paging.skip > 0;
  const cursors = {
    nextCursor: hasNext ? cursorOf(rows.at(-1)) : null,
    prevCursor: hasPrev ? cursorOf(rows[0]) : null,
  };
  if (!rows.length) return { items: [], ...cursors };
  const byId = new Map(
    (
      await qb
        .clone()
        .andWhere(`${order.id} IN (:...cappedPageIds)`, { cappedPageIds: rows.map((r) => r.id) })
        .getMany()
    ).map((item) => [String((item as unknown as { id: unknown }).id), item]),
  );
  // In the ids' order (the row statement's own order agrees, but ids read backwards were reversed).
  const items = rows.map((r) => byId.get(r.id)).filter((item): item is T => item !== undefined);
  return { items, ...cursors };
}
