import { ArgsType, Field, registerEnumType } from 'type-graphql';
import type { SelectQueryBuilder } from 'typeorm';
import type { KeysetOrder } from '../../db/keyset';
import { SortDirection } from '../../kernel/paging';
import { myTransactionFilter } from './my-transaction-filter';
import { TrxStatus, TrxType } from './transaction.entity';

/** What the admin transactions table can sort by (default DATE, newest first). */
export enum TransactionSort {
  DATE = 'DATE',
  AMOUNT = 'AMOUNT',
}
registerEnumType(TransactionSort, { name: 'TransactionSort', description: 'DATE: when it was submitted' });

/** The admin transactions table's search, filters and order; every part optional. */
export interface TransactionListQuery {
  /** The user's full name starting or ending with it. */
  search?: string;
  status?: TrxStatus;
  trxType?: TrxType;
  /** First and last day submitted, included (YYYY-MM-DD, UTC days). */
  from?: string;
  to?: string;
  sortBy?: TransactionSort;
  sortDirection?: SortDirection;
}

/** GraphQL arguments of `adminTransactions` beside paging (all optional; none: newest first, everything). */
@ArgsType()
export class TransactionListArgs {
  @Field(() => String, { nullable: true }) search?: string | null;
  @Field(() => TrxStatus, { nullable: true, description: 'Only transactions in this status' })
  status?: TrxStatus | null;
  @Field(() => TrxType, { nullable: true, description: 'Only deposits or only withdrawals' })
  trxType?: TrxType | null;
  @Field(() => String, { nullable: true, description: 'Submitted on or after this day (YYYY-MM-DD, UTC)' })
  from?: string | null;
  @Field(() => String, { nullable: true, description: 'Submitted on or before this day (YYYY-MM-DD, UTC)' })
  to?: string | null;
  @Field(() => TransactionSort, { nullable: true, description: 'Default DATE' })
  sortBy?: TransactionSort | null;
  @Field(() => SortDirection, { nullable: true, description: 'Default DESC: newest or largest first' })
  sortDirection?: SortDirection | null;
}

/**
 * The service's query from GraphQL arguments (nulls read as "not given"); the days are checked as
 * the investor's list checks them (real days, in order: a field error, never a 500).
 */
export const transactionListQuery = (args: TransactionListArgs): TransactionListQuery => {
  const { from, to } = myTransactionFilter({ from: args.from, to: args.to });
  return {
    search: args.search ?? undefined,
    status: args.status ?? undefined,
    trxType: args.trxType ?? undefined,
    from,
    to,
    sortBy: args.sortBy ?? undefined,
    sortDirection: args.sortDirection ?? undefined,
  };
};

/** Narrows the admin list (alias `t`) to the asked days: `from` 00:00 UTC up to the end of `to`. */
export function whereSubmittedWithin<T extends object>(qb: SelectQueryBuilder<T>, query: TransactionListQuery): void {
  if (query.from)
    qb.andWhere(`t.created_at >= CAST(:from AS date)::timestamp AT TIME ZONE 'UTC'`, { from: query.from });
  if (query.to) qb.andWhere(`t.created_at < (CAST(:to AS date) + 1)::timestamp AT TIME ZONE 'UTC'`, { to: query.to });
}

/** Column of each sort key, over alias `t`, and its type. */
const SORT_KEY: Record<TransactionSort, Pick<KeysetOrder, 'key' | 'type'>> = {
  [TransactionSort.DATE]: { key: 't.created_at', type: 'timestamptz' },
  [TransactionSort.AMOUNT]: { key: 't.amount', type: 'numeric' },
};

/** Order of the list: the asked key and direction (default newest first), then the id, so pages never overlap. */
export function transactionOrder(query: TransactionListQuery): KeysetOrder {
  return {
    ...SORT_KEY[query.sortBy ?? TransactionSort.DATE],
    id: 't.id',
    direction: query.sortDirection ?? SortDirection.DESC,
  };
}
