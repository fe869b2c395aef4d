import { Arg, Ctx, ID, Mutation, Query, Resolver } from 'type-graphql';
import { Auth, Public } from '../../graphql/auth';
import type { GraphQLContext } from '../../graphql/context';
import { idParam } from '../../rest/params';
import type { Services } from '../../services';
import { AuthPayload } from '../auth/auth.inputs';
import { Role } from '../auth/role';
import {
  PasskeyEnrolment,
  SecondFactorChallenge,
  SecurityStatus,
  SignInResult,
  TotpConfirmation,
  TotpEnrolment,
} from './second-factor.types';

/** GraphQL adapter for two-factor sign-in and its settings (SecondFactorService). */
@Resolver()
export class SecondFactorResolver {
  constructor(private readonly services: Services) {}

  @Public()
  @Mutation(() => SignInResult, {
    nullable: true,
    description: 'Sign in with e-mail and password: a session, or a ticket for the second factor',
  })
  async signIn(
    @Arg('email') email: string,
    @Arg('password') password: string,
    @Ctx() ctx: GraphQLContext,
  ): Promise<SignInResult> {
    const result = await this.services.auth.signIn({ email, password }, ctx);
    return {
      session: result.session ?? null,
      secondFactor: (result.secondFactor as SecondFactorChallenge | undefined) ?? null,
    };
  }

  @Public()
  @Mutation(() => AuthPayload, {
    nullable: true,
    description: 'Finish a sign-in with an authenticator code or a recovery code',
  })
  signInWithCode(
    @Arg('ticket') ticket: string,
    @Arg('code') code: string,
    @Ctx() ctx: GraphQLContext,
  ): Promise<AuthPayload> {
    return this.services.secondFactor.signInWithCode(ticket, code, ctx);
  }

  @Public()
  @Mutation(() => String, {
    description: "WebAuthn request options (JSON) for the ticket's passkey step",
  })
  passkeySignInOptions(@Arg('ticket') ticket: string): Promise<string> {
    return this.services.secondFactor.passkeySignInOptions(ticket);
  }

  @Public()
  @Mutation(() => AuthPayload, { nullable: true, description: "Finish a sign-in with a passkey's answer (JSON)" })
  signInWithPasskey(
    @Arg('ticket') ticket: string,
    @Arg('response') response: string,
    @Ctx() ctx: GraphQLContext,
  ): Promise<AuthPayload> {
    return this.services.secondFactor.signInWithPasskey(ticket, response, ctx);
  }

  @Auth(Role.USER, { duringEnrolment: true })
  @Query(() => SecurityStatus, { description: "The caller's second factors" })
  mySecurity(@Ctx() ctx: GraphQLContext): Promise<SecurityStatus> {
    return this.services.secondFactor.status(ctx.user!.id);
  }

  @Auth(Role.USER, { duringEnrolment: true })
  @Mutation(() => TotpEnrolment, { description: 'Start setting up an authenticator app (confirm with a code)' })
  startTotpEnrolment(@Ctx() ctx: GraphQLContext): Promise<TotpEnrolment> {
    return this.services.secondFactor.startTotp(ctx.user!.id, ctx);
  }

  @Auth(Role.USER, { duringEnrolment: true })
  @Mutation(() => TotpConfirmation, {
    description: 'Confirm the authenticator with its first code: recovery codes (shown once) and a new session',
  })
  async confirmTotpEnrolment(@Arg('code') code: string, @Ctx() ctx: GraphQLContext): Promise<TotpConfirmation> {
    const { recoveryCodes, session } = await this.services.secondFactor.confirmTotp(ctx.user!, code, ctx);
    return { recoveryCodes, session };
  }

  @Auth(Role.USER)
  @Mutation(() => SecurityStatus, {
    description: 'Turn the authenticator off (needs a current code or a recovery code)',
  })
  disableTotp(@Arg('code') code: string, @Ctx() ctx: GraphQLContext): Promise<SecurityStatus> {
    return this.services.secondFactor.disableTotp(ctx.user!, code, ctx);
  }

  @Auth(Role.USER)
  @Mutation(() => [String], { description: 'Replace the recovery codes (needs a current code); shown once' })
  regenerateRecoveryCodes(@Arg('code') code: string, @Ctx() ctx: GraphQLContext): Promise<string[]> {
    return this.services.secondFactor.regenerateRecoveryCodes(ctx.user!, code, ctx);
  }

  @Auth(Role.USER, { duringEnrolment: true })
  @Mutation(() => String, { description: 'WebAuthn creation options (JSON) to add a passkey' })
  passkeyRegistrationOptions(@Ctx() ctx: GraphQLContext): Promise<string> {
    return this.services.secondFactor.passkeyRegistrationOptions(ctx.user!.id);
  }

  @Auth(Role.USER, { duringEnrolment: true })
  @Mutation(() => PasskeyEnrolment, {
    description: "Store the browser's new passkey (JSON answer); returns a new session",
  })
  addPasskey(
    @Arg('name') name: string,
    @Arg('response') response: string,
    @Ctx() ctx: GraphQLContext,
  ): Promise<PasskeyEnrolment> {
    return this.services.secondFactor.addPasskey(ctx.user!, name, response, ctx);
  }

  @Auth(Role.USER)
  @Mutation(() => SecurityStatus, { description: 'Remove one of your passkeys' })
  removePasskey(@Arg('id', () => ID) id: string, @Ctx() ctx: GraphQLContext): Promise<SecurityStatus> {
    return this.services.secondFactor.removePasskey(ctx.user!, idParam(id, 'Passkey not found'), ctx);
  }
}
