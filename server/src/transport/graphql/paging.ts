import { ArgsType, ClassType, Field, Int, ObjectType, registerEnumType } from 'type-graphql';
import { PAGE_SIZE } from '@cryptovest/common';
import { type Page, type Paging, SortDirection, toOffset, withCursor } from '../../kernel/paging';

/** Page request shared by every list: 1-based page, bounded page size. */
@ArgsType()
export class PageArgs {
  @Field(() => Int, { defaultValue: 1 })
  page: number = 1;

  @Field(() => Int, { defaultValue: PAGE_SIZE.default })
  pageSize: number = PAGE_SIZE.default;
}

/** Page request of the admin tables: 20 rows unless asked otherwise (SPEC §9). */
@ArgsType()
export class AdminPageArgs {
  @Field(() => Int, { defaultValue: 1 })
  page: number = 1;

  @Field(() => Int, { defaultValue: PAGE_SIZE.admin })
  pageSize: number = PAGE_SIZE.admin;
}

/** The paging of an admin list from its GraphQL arguments: page, size (20 unless asked) and cursor. */
export function adminPaging({ page, pageSize }: AdminPageArgs, { after, before }: CursorArgs): Paging {
  return withCursor(toOffset(page, pageSize, PAGE_SIZE.admin), after, before);
}

/** Keyset cursors of the admin lists: the page after `after`, or before `before` (from a page's cursors). */
@ArgsType()
export class CursorArgs {
  @Field(() => String, { nullable: true, description: "The page after this one: a page's nextCursor" })
  after?: string | null;

  @Field(() => String, { nullable: true, description: "The page before this one: a page's prevCursor" })
  before?: string | null;
}

// The schema's name for the kernel's sort order.
registerEnumType(SortDirection, {
  name: 'SortDirection',
  description: 'ASC: smallest, oldest or A first; DESC: the reverse',
});

/** Builds the GraphQL object type for a page of `Item`. */
export function PageType<T extends object>(Item: ClassType<T>, name: string) {
  @ObjectType(name)
  class PageClass implements Page<T> {
    @Field(() => [Item]) items: T[];
    @Field(() => Int) total: number;
    @Field(() => Int) page: number;
    @Field(() => Int) pageSize: number;
    @Field(() => Boolean, { description: 'True when total stopped counting at the cap: there are at least that many' })
    totalCapped: boolean = false;
    @Field(() => String, {
      nullable: true,
      description:
        'Pass as `after` for the next page (admin lists; null on the last page, and on lists paged by number only)',
    })
    nextCursor: string | null = null;
    @Field(() => String, {
      nullable: true,
      description:
        'Pass as `before` for the previous page (admin lists; null on the first page, and on lists paged by number only)',
    })
    prevCursor: string | null = null;
  }
  return PageClass;
}
