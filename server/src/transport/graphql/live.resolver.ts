import { Ctx, Field, ID, ObjectType, Resolver, Root, Subscription } from 'type-graphql';
import { AppError, ErrorCode } from '../../kernel/errors';
import { Auth } from './auth';
import type { GraphQLContext } from './context';
import { type NotificationService, Notification } from '../../modules/notifications';
import { Role } from '../../modules/user';
import type { AccountChange, LiveHub, NotificationAdded } from '../../platform/live';

/** The services this adapter calls; the composition root passes them. */
export interface LiveResolverDeps {
  notifications: NotificationService;
}

/** The `accountChanged` payload: enough for a client to know it should refetch. */
@ObjectType('AccountChange', { description: 'Your account or transactions changed: refetch them' })
export class AccountChangeType implements AccountChange {
  @Field({
    description:
      'Why: a transaction event (SUBMITTED, CONFIRMED, DECLINED, REOPENED, MATURED, SETTLED, SETTLEMENT_HELD), ADMIN_ADJUSTMENT, or RESYNC (updates may have been missed: refetch everything)',
  })
  reason: string;

  @Field(() => ID, { nullable: true, description: 'The transaction concerned, when there is one' })
  transactionId: string | null;
}

/** The caller's feeds; only WebSocket operations carry them (docs/graphql.md, "Subscriptions"). */
function feeds(ctx: GraphQLContext): LiveHub {
  if (!ctx.live) throw new AppError(ErrorCode.BAD_REQUEST, 'Subscriptions are served over WebSocket at /graphql');
  return ctx.live;
}

/** Live updates of the signed-in user, over graphql-ws: each stream carries only the caller's own events. */
@Resolver()
export class LiveResolver {
  constructor(private readonly services: LiveResolverDeps) {}

  @Auth(Role.USER)
  @Subscription(() => Notification, {
    description: 'Your notifications as they are created (WebSocket only)',
    subscribe: ({ context }: { context: GraphQLContext }) => feeds(context).notificationFeed(context.user!.id),
  })
  async notificationAdded(@Root() added: NotificationAdded, @Ctx() ctx: GraphQLContext): Promise<Notification> {
    const notification = await this.services.notifications.getOwn(ctx.user!.id, added.id);
    if (!notification) throw new AppError(ErrorCode.NOT_FOUND, 'Notification not found');
    return notification;
  }

  @Auth(Role.USER)
  @Subscription(() => AccountChangeType, {
    description: 'Fires when your account or transactions change (WebSocket only): refetch them',
    subscribe: ({ context }: { context: GraphQLContext }) => feeds(context).accountFeed(context.user!.id),
  })
  accountChanged(@Root() change: AccountChange): AccountChange {
    return change;
  }
}
