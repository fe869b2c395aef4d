import type { ObjectLiteral, SelectQueryBuilder } from 'typeorm';
import type { Page } from '../graphql/paging';

/** Searches stop counting here: "1,000+" is as useful to an admin as an exact 25,000. */
export const COUNT_CAP = 1000;

/**
 * One page of `qb` (already filtered and ordered) plus a total counted only up to COUNT_CAP, so
 * a broad search over a million users costs a page and a bounded count, not a full count.
 */
export async function cappedPage<T extends ObjectLiteral>(
  qb: SelectQueryBuilder<T>,
  paging: { page: number; pageSize: number; skip: number; take: number },
): Promise<Page<T>> {
  // skip/take makes TypeORM select the page's distinct ids over the whole join first (the only safe
  // way with to-many joins). Lists joining only to-one relations (a transaction's user, an
  // account's owner) have one row per entity: their page is found as ids first (see idsFirst).
  const toOneJoinsOnly = qb.expressionMap.joinAttributes.every((join) => !join.isMany);
  const items = toOneJoinsOnly
    ? await idsFirst(qb, paging)
    : await qb.clone().skip(paging.skip).take(paging.take).getMany();
  const limited = qb
    .clone()
    .select('1')
    .orderBy()
    .limit(COUNT_CAP + 1);
  // Searches are prefix matches on indexes; with a LIMIT the planner may still prefer walking the
  // table until enough rows match. Forbid that for this one statement: the count stays bounded by
  // the indexes whatever the data looks like (never a full scan).
  const [{ n }] = await qb.connection.transaction(async (m) => {
    await m.query('SET LOCAL enable_seqscan = off');
    return m
      .createQueryBuilder()
      .select('count(*)::int', 'n')
      .from(`(${limited.getQuery()})`, 'capped')
      .setParameters(limited.getParameters())
      .getRawMany<{ n: number }>();
  });
  return {
    items,
    total: Math.min(n, COUNT_CAP),
    totalCapped: n > COUNT_CAP,
    page: paging.page,
    pageSize: paging.pageSize,
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
 * A page of a list with only to-one joins, in two statements: the page's ids with OFFSET/LIMIT
 * over the id and sort key alone (an index-only walk past the offset; joins stay only where the
 * filter or order needs them), then those rows whole. A deep page then costs a walk over index
 * entries instead of reading and joining every skipped row (page 500 of 10 million transactions).
 */
async function idsFirst<T extends ObjectLiteral>(
  qb: SelectQueryBuilder<T>,
  paging: { skip: number; take: number },
): Promise<T[]> {
  const id = `${qb.alias}.id`;
  const ids = withoutIdleJoins(qb.clone().select(id, 'id'));
  const rows = await ids.offset(paging.skip).limit(paging.take).getRawMany<{ id: string }>();
  if (!rows.length) return [];
  return qb
    .clone()
    .andWhere(`${id} IN (:...cappedPageIds)`, { cappedPageIds: rows.map((r) => r.id) })
    .getMany();
}
