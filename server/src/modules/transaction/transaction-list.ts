import { ArgsType, Field, registerEnumType } from 'type-graphql';
import type { KeysetOrder } from '../../db/keyset';
import { SortDirection } from '../../kernel/paging';
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
  @Field(() => TransactionSort, { nullable: true, description: 'Default DATE' })
  sortBy?: TransactionSort | null;
  @Field(() => SortDirection, { nullable: true, description: 'Default DESC: newest or largest first' })
  sortDirection?: SortDirection | null;
}

/** The service's query from GraphQL arguments (nulls read as "not given"). */
export const transactionListQuery = (args: TransactionListArgs): TransactionListQuery => ({
  search: args.search ?? undefined,
  status: args.status ?? undefined,
  trxType: args.trxType ?? undefined,
  sortBy: args.sortBy ?? undefined,
  sortDirection: args.sortDirection ?? undefined,
});

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
