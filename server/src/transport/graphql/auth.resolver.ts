import { Arg, Ctx, Mutation, Resolver } from 'type-graphql';
import { Auth, Public } from './auth';
import type { GraphQLContext } from './context';
import type { AuthService } from '../../modules/auth';
import { type UserService, User, Role } from '../../modules/user';
import { AuthPayload, OtpPurpose, ProfileInput, RegisterInput, ResetTicket } from './auth.inputs';

/** The services this adapter calls; the composition root passes them. */
export interface AuthResolverDeps {
  auth: AuthService;
  users: UserService;
}

/** GraphQL adapter for sign-up, sign-in, profile and password flows. */
@Resolver()
export class AuthResolver {
  constructor(private readonly services: AuthResolverDeps) {}

  @Public()
  @Mutation(() => User, { description: 'Create an investor account; a verification code is e-mailed' })
  register(@Arg('input', () => RegisterInput) input: RegisterInput, @Ctx() ctx: GraphQLContext): Promise<User> {
    return this.services.auth.register({ ...input }, ctx);
  }

  @Public()
  // Nullable so each aliased call runs (and spends a try) instead of aborting the request.
  @Mutation(() => AuthPayload, { nullable: true, description: 'Confirm the e-mail with its code; signs the user in' })
  verifyEmail(@Arg('email') email: string, @Arg('otp') otp: string, @Ctx() ctx: GraphQLContext): Promise<AuthPayload> {
    return this.services.auth.verifyEmail({ email, otp }, ctx);
  }

  @Public()
  @Mutation(() => Boolean, {
    description: 'Send a new code. Always true: never reveals whether the e-mail is registered',
  })
  async resendOtp(
    @Arg('email') email: string,
    @Arg('activity', () => OtpPurpose) activity: OtpPurpose,
    @Ctx() ctx: GraphQLContext,
  ): Promise<boolean> {
    await this.services.auth.resendOtp({ email, activity }, ctx);
    return true;
  }

  @Public()
  @Mutation(() => AuthPayload, { nullable: true, description: 'Sign in with e-mail and password' })
  login(
    @Arg('email') email: string,
    @Arg('password') password: string,
    @Ctx() ctx: GraphQLContext,
  ): Promise<AuthPayload> {
    return this.services.auth.login({ email, password }, ctx);
  }

  @Public()
  @Mutation(() => ResetTicket, {
    nullable: true,
    description: 'Check a password-reset code; returns a single-use reset token',
  })
  async verifyResetCode(
    @Arg('email') email: string,
    @Arg('otp') otp: string,
    @Ctx() ctx: GraphQLContext,
  ): Promise<ResetTicket> {
    return { token: await this.services.auth.verifyResetCode({ email, otp }, ctx) };
  }

  @Public()
  @Mutation(() => Boolean, { description: 'Set a new password with a reset token; signs out every session' })
  async resetPassword(
    @Arg('password') password: string,
    @Arg('token') token: string,
    @Ctx() ctx: GraphQLContext,
  ): Promise<boolean> {
    await this.services.auth.resetPassword({ password, token }, ctx);
    return true;
  }

  @Auth(Role.USER)
  @Mutation(() => AuthPayload, { description: 'Change the password; other sessions end, a new token is returned' })
  changePassword(
    @Arg('oldPassword') oldPassword: string,
    @Arg('newPassword') newPassword: string,
    @Ctx() ctx: GraphQLContext,
  ): Promise<AuthPayload> {
    return this.services.auth.changePassword(
      ctx.user!.id,
      { oldPassword, newPassword },
      ctx,
      ctx.user!.secondFactor,
      ctx.user!.sessionId,
    );
  }

  @Auth(Role.USER)
  @Mutation(() => User, { description: 'Update own profile; only the fields sent change' })
  updateProfile(@Arg('input', () => ProfileInput) input: ProfileInput, @Ctx() ctx: GraphQLContext): Promise<User> {
    return this.services.users.updateProfile(ctx.user!.id, { ...input }, ctx.ip);
  }
}
