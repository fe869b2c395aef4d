import { Arg, Args, Ctx, FieldResolver, Query, Resolver, Root } from 'type-graphql';
import { PAGE_SIZE } from '@cryptovest/common';
import { Auth } from '../../graphql/auth';
import type { GraphQLContext } from '../../graphql/context';
import { AdminPageArgs, PageType, toOffset } from '../../graphql/paging';
import type { Services } from '../../services';
import { imageLink } from '../upload/owned-upload';
import { Role } from '../auth/role';
import { User } from './user.entity';

/** A page of users for the admin table. */
export const UserPage = PageType(User, 'UserPage');

/** GraphQL adapter for users. */
@Resolver(() => User)
export class UserResolver {
  constructor(private readonly services: Services) {}

  @Auth(Role.USER)
  @Query(() => User, { description: 'The signed-in caller' })
  me(@Ctx() ctx: GraphQLContext): Promise<User> {
    return this.services.users.get(ctx.user!.id);
  }

  @Auth(Role.ADMIN)
  @Query(() => UserPage, { description: 'All users, newest first, optionally filtered (admin)' })
  users(
    @Args(() => AdminPageArgs) { page, pageSize }: AdminPageArgs,
    @Arg('search', () => String, { nullable: true }) search?: string,
  ) {
    return this.services.users.list(search ?? undefined, toOffset(page, pageSize, PAGE_SIZE.admin));
  }

  @FieldResolver(() => String, { nullable: true, description: 'Profile image as a link that expires' })
  profileImage(@Root() user: User): string | null {
    return imageLink(this.services.uploads, user.profileImage);
  }
}
