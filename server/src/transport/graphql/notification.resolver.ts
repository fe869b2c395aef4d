import { Arg, Args, ArgsType, Ctx, Field, ID, Int, Mutation, Query, Resolver } from 'type-graphql';
import { Auth } from './auth';
import type { GraphQLContext } from './context';
import { PageType } from './paging';
import { toOffset } from '../../kernel/paging';
import { type NotificationService, Notification, NOTIFICATION_PAGE_SIZE } from '../../modules/notifications';
import { ApiKeyScope, Role } from '../../modules/user';

/** The services this adapter calls; the composition root passes them. */
export interface NotificationResolverDeps {
  notifications: NotificationService;
}

/** Page request of the notification list. */
@ArgsType()
export class NotificationPageArgs {
  @Field(() => Int, { defaultValue: 1 })
  page: number = 1;

  @Field(() => Int, { defaultValue: NOTIFICATION_PAGE_SIZE })
  pageSize: number = NOTIFICATION_PAGE_SIZE;
}

/** A page of the caller's notifications. */
export const NotificationPage = PageType(Notification, 'NotificationPage');

/** GraphQL adapter for the caller's own notifications (the live stream is in live.resolver.ts). */
@Resolver()
export class NotificationResolver {
  constructor(private readonly services: NotificationResolverDeps) {}

  @Auth(Role.USER, { scopes: [ApiKeyScope.ACCOUNT_READ] })
  @Query(() => NotificationPage, { description: 'Your notifications, newest first' })
  notifications(
    @Args(() => NotificationPageArgs) { page, pageSize }: NotificationPageArgs,
    @Ctx() ctx: GraphQLContext,
  ) {
    return this.services.notifications.list(ctx.user!.id, toOffset(page, pageSize, NOTIFICATION_PAGE_SIZE));
  }

  @Auth(Role.USER, { scopes: [ApiKeyScope.ACCOUNT_READ] })
  @Query(() => Int, { description: 'How many of your notifications are unread' })
  unreadNotificationCount(@Ctx() ctx: GraphQLContext): Promise<number> {
    return this.services.notifications.unreadCount(ctx.user!.id);
  }

  @Auth(Role.USER)
  @Mutation(() => Int, {
    description: 'Marks your notifications read (the given ids, or all: true); returns how many changed',
  })
  markNotificationsRead(
    @Arg('ids', () => [ID], { nullable: true }) ids: string[] | null | undefined,
    @Arg('all', () => Boolean, { nullable: true }) all: boolean | null | undefined,
    @Ctx() ctx: GraphQLContext,
  ): Promise<number> {
    return this.services.notifications.markRead(ctx.user!.id, { ids: ids ?? undefined, all: all ?? undefined });
  }
}
