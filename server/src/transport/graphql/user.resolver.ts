import { Arg, Args, Ctx, Field, FieldResolver, ID, InputType, Mutation, Query, Resolver, Root } from 'type-graphql';
import { Auth } from './auth';
import type { GraphQLContext } from './context';
import { AdminPageArgs, adminPaging, CursorArgs, PageType } from './paging';
import { idParam } from '../../kernel/ids';
import { type UploadService, imageLink } from '../../modules/upload';
import { type UserService, ApiKeyScope, Role, User, UserListArgs, userListQuery } from '../../modules/user';

/** The services this adapter calls; the composition root passes them. */
export interface UserResolverDeps {
  uploads: UploadService;
  users: UserService;
}

/** What an admin may change on a user; e-mail, phone, dob and country are read-only. */
@InputType()
export class AdminUserInput {
  @Field(() => String, { nullable: true }) fullName?: string | null;
  @Field(() => String, { nullable: true }) city?: string | null;
  @Field(() => String, { nullable: true }) province?: string | null;
  @Field(() => String, { nullable: true }) zipCode?: string | null;
  @Field(() => String, { nullable: true }) address?: string | null;
  @Field(() => Boolean, { nullable: true }) isPremium?: boolean | null;
  @Field(() => String, { nullable: true }) planType?: string | null;
  @Field(() => String, { nullable: true, description: 'HTML; the investor sees it through an allow-list' })
  announcement?: string | null;
  @Field(() => String, { nullable: true }) message?: string | null;
}

/** A page of users for the admin table. */
export const UserPage = PageType(User, 'UserPage');

/** GraphQL adapter for users. */
@Resolver(() => User)
export class UserResolver {
  constructor(private readonly services: UserResolverDeps) {}

  @Auth(Role.USER, { scopes: [ApiKeyScope.ACCOUNT_READ, ApiKeyScope.ADMIN_READ], duringEnrolment: true })
  @Query(() => User, { description: 'The signed-in caller' })
  me(@Ctx() ctx: GraphQLContext): Promise<User> {
    return this.services.users.current(ctx.user!);
  }

  @Auth(Role.ADMIN, { scopes: [ApiKeyScope.ADMIN_READ] })
  @Query(() => UserPage, {
    description:
      'All users, newest first unless sorted otherwise; search: full name start or end, e-mail start, country code or name start; filter by premium (admin)',
  })
  users(
    @Args(() => AdminPageArgs) page: AdminPageArgs,
    @Args(() => UserListArgs) args: UserListArgs,
    @Args(() => CursorArgs) cursor: CursorArgs,
  ) {
    return this.services.users.list(userListQuery(args), adminPaging(page, cursor));
  }

  @Auth(Role.ADMIN, { scopes: [ApiKeyScope.ADMIN_READ] })
  @Query(() => User, { description: 'One user by id, for the record view (admin)' })
  adminUser(@Arg('id', () => ID) id: string): Promise<User> {
    return this.services.users.get(idParam(id, 'User not found'));
  }

  @Auth(Role.ADMIN)
  @Mutation(() => User, {
    description: "Edit a user's name, address and banner fields (admin); only changed fields are applied",
  })
  updateUser(
    @Arg('userId', () => ID) userId: string,
    @Arg('input', () => AdminUserInput) input: AdminUserInput,
    @Ctx() ctx: GraphQLContext,
  ): Promise<User> {
    const sent = Object.fromEntries(Object.entries({ ...input }).filter(([, v]) => v !== undefined && v !== null));
    return this.services.users.updateByAdmin(idParam(userId, 'User not found'), sent, ctx.user!.id, ctx.ip);
  }

  @Auth(Role.USER)
  @Mutation(() => User, { description: 'Turns account notification e-mails on or off (security notices always go)' })
  setEmailNotifications(@Arg('enabled', () => Boolean) enabled: boolean, @Ctx() ctx: GraphQLContext): Promise<User> {
    return this.services.users.updateProfile(ctx.user!.id, { emailNotifications: enabled }, ctx.ip);
  }

  @FieldResolver(() => String, { nullable: true, description: 'Profile image as a link that expires' })
  profileImage(@Root() user: User): string | null {
    return imageLink(this.services.uploads, user.profileImage);
  }
}
