import { Ctx, Field, ID, Int, Mutation, ObjectType, Query, Resolver, Arg } from 'type-graphql';
import { Auth } from './auth';
import type { GraphQLContext } from './context';
import type { TokenService } from '../../modules/identity';
import { Role } from '../../modules/user';

/** One signed-in session of the caller, as Settings → Security lists it. */
@ObjectType({ description: 'A signed-in session (one sign-in on one device)' })
export class UserSession {
  @Field(() => ID) id: string;
  @Field({ description: 'Browser and system, read from the User-Agent at sign-in, e.g. "Chrome on Linux"' })
  device: string;
  @Field(() => String, { nullable: true, description: 'The IP address it signed in from' }) ip: string | null;
  @Field({ description: 'When it signed in' }) createdAt: Date;
  @Field({ description: 'When it was last used (updated at most once a minute)' }) lastUsedAt: Date;
  @Field({ description: 'The session of this request' }) current: boolean;
}

/** The services this adapter calls; the composition root passes them. */
export interface SessionResolverDeps {
  tokens: TokenService;
}

/** GraphQL adapter for the caller's sessions: list them, sign one out, the others, or all (TokenService.sessions). */
@Resolver()
export class SessionResolver {
  constructor(private readonly services: SessionResolverDeps) {}

  @Auth(Role.USER)
  @Query(() => [UserSession], { description: 'Your open sessions, this one first, then by last use' })
  mySessions(@Ctx() ctx: GraphQLContext): Promise<UserSession[]> {
    return this.services.tokens.sessions.list(ctx.user!.id, ctx.user!.sessionId);
  }

  @Auth(Role.USER)
  @Mutation(() => Boolean, { description: 'Sign out one of your sessions (its next request is refused)' })
  async endSession(@Arg('id', () => ID) id: string, @Ctx() ctx: GraphQLContext): Promise<boolean> {
    await this.services.tokens.sessions.end(ctx.user!.id, id);
    return true;
  }

  @Auth(Role.USER)
  @Mutation(() => Int, { description: 'Sign out everywhere else: every session but this one; how many ended' })
  endOtherSessions(@Ctx() ctx: GraphQLContext): Promise<number> {
    return this.services.tokens.sessions.endOthers(ctx.user!.id, ctx.user!.sessionId);
  }

  @Auth(Role.USER)
  @Mutation(() => Int, { description: 'Sign out everywhere, this session included; how many ended' })
  endAllSessions(@Ctx() ctx: GraphQLContext): Promise<number> {
    return this.services.tokens.sessions.endAll(ctx.user!.id);
  }
}
