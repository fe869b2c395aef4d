import { ACCOUNT_BUCKETS, type AccountBucket } from '@cryptovest/common';
import { ArgsType, Field, registerEnumType } from 'type-graphql';
import type { KeysetOrder } from '../../db/keyset';
import { SortDirection } from '../../kernel/paging';
import { BUCKET_COLUMN } from '../ledger';

/** What the admin accounts table can sort by: the owner's signup date (default) or any amount. */
export enum AccountSort {
  DATE = 'DATE',
  BALANCE = 'BALANCE',
  WALLET_BALANCE = 'WALLET_BALANCE',
  PROFIT = 'PROFIT',
  INVESTMENT = 'INVESTMENT',
  BITCOIN = 'BITCOIN',
  ETHEREUM = 'ETHEREUM',
  BNB = 'BNB',
  LITECOIN = 'LITECOIN',
  USDT = 'USDT',
}
registerEnumType(AccountSort, { name: 'AccountSort', description: 'DATE: when the owner signed up; else an amount' });

/** The admin accounts table's search and order; every part optional. */
export interface AccountListQuery {
  /** Full name start or end, e-mail start, country code or name start. */
  search?: string;
  sortBy?: AccountSort;
  sortDirection?: SortDirection;
}

/** GraphQL arguments of `accounts` beside paging (all optional; none: newest owners first, everything). */
@ArgsType()
export class AccountListArgs {
  @Field(() => String, { nullable: true }) search?: string | null;
  @Field(() => AccountSort, { nullable: true, description: "Default DATE (the owner's signup)" })
  sortBy?: AccountSort | null;
  @Field(() => SortDirection, { nullable: true, description: 'Default DESC: newest or largest first' })
  sortDirection?: SortDirection | null;
}

/** The service's query from GraphQL arguments (nulls read as "not given"). */
export const accountListQuery = (args: AccountListArgs): AccountListQuery => ({
  search: args.search ?? undefined,
  sortBy: args.sortBy ?? undefined,
  sortDirection: args.sortDirection ?? undefined,
});

/** The bucket each amount sort key stands for (WALLET_BALANCE -> walletBalance). */
const BUCKET_OF = Object.fromEntries(
  ACCOUNT_BUCKETS.map((b) => [b.replace(/[A-Z]/g, (c) => `_${c}`).toUpperCase(), b]),
) as Record<string, AccountBucket>;

/**
 * ORDER BY of the list over alias `a` (account): the asked key, newest owners first by default. An
 * account is opened in the owner's sign-up transaction, so its created_at is the sign-up time: the
 * list orders and pages without reading the owner (a deep page is an index-only walk, issue 16).
 */
export function accountOrder(query: AccountListQuery): KeysetOrder {
  const sortBy = query.sortBy ?? AccountSort.DATE;
  const bucket = BUCKET_OF[sortBy];
  return {
    ...(bucket ? { key: `a.${BUCKET_COLUMN[bucket]}`, type: 'numeric' } : { key: 'a.created_at', type: 'timestamptz' }),
    id: 'a.id',
    direction: query.sortDirection ?? SortDirection.DESC,
  };
}
