import { ArgsType, Field, registerEnumType } from 'type-graphql';
import type { KeysetOrder } from '../../db/keyset';
import { SortDirection } from '../../kernel/paging';

/** What the admin users table can sort by (default DATE: newest signups first). */
export enum UserSort {
  DATE = 'DATE',
  NAME = 'NAME',
}
registerEnumType(UserSort, { name: 'UserSort', description: 'DATE: when they signed up; NAME: full name A-Z' });

/** The admin users table's search, filter and order; every part optional. */
export interface UserListQuery {
  /** Full name, e-mail or country (code or name) starting with it, or full name ending with it. */
  search?: string;
  /** Only premium users (true) or only the others (false). */
  premium?: boolean;
  sortBy?: UserSort;
  sortDirection?: SortDirection;
}

/** GraphQL arguments of `users` beside paging (all optional; none: newest first, everyone). */
@ArgsType()
export class UserListArgs {
  @Field(() => String, { nullable: true }) search?: string | null;
  @Field(() => Boolean, { nullable: true, description: 'true: premium users only; false: the others' })
  premium?: boolean | null;
  @Field(() => UserSort, { nullable: true, description: 'Default DATE' })
  sortBy?: UserSort | null;
  @Field(() => SortDirection, {
    nullable: true,
    description: 'Default DESC for DATE (newest first), ASC for NAME (A-Z)',
  })
  sortDirection?: SortDirection | null;
}

/** The service's query from GraphQL arguments (nulls read as "not given"). */
export const userListQuery = (args: UserListArgs): UserListQuery => ({
  search: args.search ?? undefined,
  premium: args.premium ?? undefined,
  sortBy: args.sortBy ?? undefined,
  sortDirection: args.sortDirection ?? undefined,
});

/** Order of the list over alias `u` (names compare case-insensitively), ties by id the same way. */
export function userOrder(query: UserListQuery): KeysetOrder {
  const byName = query.sortBy === UserSort.NAME;
  return {
    ...(byName ? { key: 'lower(u.full_name)', type: 'text' } : { key: 'u.created_at', type: 'timestamptz' }),
    id: 'u.id',
    direction: query.sortDirection ?? (byName ? SortDirection.ASC : SortDirection.DESC),
  };
}
