import { Arg, Ctx, ID, Mutation, Query, Resolver } from 'type-graphql';
import { Auth, Public } from './auth';
import type { GraphQLContext } from './context';
import { idParam } from '../../kernel/ids';
import type { AuthService } from '../../modules/auth';
import type { SecondFactorService, SignInSteps } from '../../modules/second-factor';
import { AuthPayload } from './auth.inputs';
import { ApiKeyScope, Role } from '../../modules/user';
import {
  EnrolmentCodeSent,
  PasskeyEnrolment,
  SecondFactorChallenge,
  SecurityChange,
  SecurityStatus,
  SignInResult,
  TotpConfirmation,
  TotpEnrolment,
} from './second-factor.types';

/** The services this adapter calls; the composition root passes them. */
export interface SecondFactorResolverDeps {
  auth: AuthService;
  secondFactor: SecondFactorService;
  secondFactorSignIn: SignInSteps;
}

const ENROLMENT_CODE_ARG = {
  nullable: true,
  description: "Administrators' first factor only: the one-time enrolment code (sendEnrolmentCode, or the operator)",
};

/** GraphQL adapter for two-factor sign-in and its settings (SignInSteps, SecondFactorService). */
@Resolver()
export class SecondFactorResolver {
  constructor(private readonly services: SecondFactorResolverDeps) {}

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
    return this.services.secondFactorSignIn.signInWithCode(ticket, code, ctx);
  }

  @Public()
  @Mutation(() => String, {
    description: "WebAuthn request options (JSON) for the ticket's passkey step",
  })
  passkeySignInOptions(@Arg('ticket') ticket: string): Promise<string> {
    return this.services.secondFactorSignIn.passkeySignInOptions(ticket);
  }

  @Public()
  @Mutation(() => AuthPayload, { nullable: true, description: "Finish a sign-in with a passkey's answer (JSON)" })
  signInWithPasskey(
    @Arg('ticket') ticket: string,
    @Arg('response') response: string,
    @Ctx() ctx: GraphQLContext,
  ): Promise<AuthPayload> {
    return this.services.secondFactorSignIn.signInWithPasskey(ticket, response, ctx);
  }

  @Auth(Role.USER, { duringEnrolment: true })
  @Query(() => SecurityStatus, { description: "The caller's second factors" })
  mySecurity(@Ctx() ctx: GraphQLContext): Promise<SecurityStatus> {
    return this.services.secondFactor.status(ctx.user!.id);
  }

  @Auth(Role.ADMIN, { scopes: [ApiKeyScope.ADMIN_READ] })
  @Query(() => SecurityStatus, {
    description:
      "A user's second factors for the record view (admin): authenticator on or off, passkeys, unused recovery codes; never a secret",
  })
  adminUserSecurity(@Arg('userId', () => ID) userId: string): Promise<SecurityStatus> {
    return this.services.secondFactor.status(idParam(userId, 'User not found'));
  }

  @Auth(Role.USER, { duringEnrolment: true })
  @Mutation(() => AuthPayload, {
    description:
      'Prove a second factor again (authenticator or recovery code): a new token that may add or remove factors for 5 minutes',
  })
  stepUpWithCode(@Arg('code') code: string, @Ctx() ctx: GraphQLContext): Promise<AuthPayload> {
    return this.services.secondFactor.stepUpWithCode(ctx.user!, code, ctx);
  }

  @Auth(Role.USER, { duringEnrolment: true })
  @Mutation(() => String, {
    description: 'WebAuthn request options (JSON) to prove a passkey again (stepUpWithPasskey)',
  })
  stepUpPasskeyOptions(@Ctx() ctx: GraphQLContext): Promise<string> {
    return this.services.secondFactor.stepUpPasskeyOptions(ctx.user!);
  }

  @Auth(Role.USER, { duringEnrolment: true })
  @Mutation(() => AuthPayload, {
    description: 'Prove a passkey again (its JSON answer): a new token that may add or remove factors for 5 minutes',
  })
  stepUpWithPasskey(@Arg('response') response: string, @Ctx() ctx: GraphQLContext): Promise<AuthPayload> {
    return this.services.secondFactor.stepUpWithPasskey(ctx.user!, response, ctx);
  }

  @Auth(Role.USER, { duringEnrolment: true })
  @Mutation(() => EnrolmentCodeSent, {
    description: 'Administrators without a second factor: e-mail the one-time code the first factor needs',
  })
  sendEnrolmentCode(@Ctx() ctx: GraphQLContext): Promise<EnrolmentCodeSent> {
    return this.services.secondFactor.sendEnrolmentCode(ctx.user!, ctx);
  }

  @Auth(Role.USER, { duringEnrolment: true })
  @Mutation(() => TotpEnrolment, { description: 'Start setting up an authenticator app (confirm with a code)' })
  startTotpEnrolment(@Ctx() ctx: GraphQLContext): Promise<TotpEnrolment> {
    return this.services.secondFactor.startTotp(ctx.user!, ctx);
  }

  @Auth(Role.USER, { duringEnrolment: true })
  @Mutation(() => TotpConfirmation, {
    description:
      'Confirm the authenticator with its first code: recovery codes (shown once) and a new session (every other session ends)',
  })
  async confirmTotpEnrolment(
    @Arg('code') code: string,
    @Arg('enrolmentCode', () => String, ENROLMENT_CODE_ARG) enrolmentCode: string | null,
    @Ctx() ctx: GraphQLContext,
  ): Promise<TotpConfirmation> {
    const { recoveryCodes, session } = await this.services.secondFactor.confirmTotp(
      ctx.user!,
      code,
      ctx,
      enrolmentCode,
    );
    return { recoveryCodes, session };
  }

  @Auth(Role.USER)
  @Mutation(() => SecurityChange, {
    description: 'Turn the authenticator off (needs a current code or a recovery code); every other session ends',
  })
  disableTotp(@Arg('code') code: string, @Ctx() ctx: GraphQLContext): Promise<SecurityChange> {
    return this.services.secondFactor.disableTotp(ctx.user!, code, ctx);
  }

  @Auth(Role.USER)
  @Mutation(() => [String], {
    description:
      'Replace the recovery codes, shown once: needs a current code, or without one a factor proven in the last 5 minutes',
  })
  regenerateRecoveryCodes(
    @Arg('code', () => String, { nullable: true }) code: string | null,
    @Ctx() ctx: GraphQLContext,
  ): Promise<string[]> {
    return this.services.secondFactor.regenerateRecoveryCodes(ctx.user!, code, ctx);
  }

  @Auth(Role.USER, { duringEnrolment: true })
  @Mutation(() => String, { description: 'WebAuthn creation options (JSON) to add a passkey' })
  passkeyRegistrationOptions(@Ctx() ctx: GraphQLContext): Promise<string> {
    return this.services.secondFactor.passkeyRegistrationOptions(ctx.user!);
  }

  @Auth(Role.USER, { duringEnrolment: true })
  @Mutation(() => PasskeyEnrolment, {
    description: "Store the browser's new passkey (JSON answer); returns a new session (every other session ends)",
  })
  addPasskey(
    @Arg('name') name: string,
    @Arg('response') response: string,
    @Arg('enrolmentCode', () => String, ENROLMENT_CODE_ARG) enrolmentCode: string | null,
    @Ctx() ctx: GraphQLContext,
  ): Promise<PasskeyEnrolment> {
    return this.services.secondFactor.addPasskey(ctx.user!, name, response, ctx, enrolmentCode);
  }

  @Auth(Role.USER)
  @Mutation(() => SecurityChange, {
    description: 'Remove one of your passkeys (needs a factor proven in the last 5 minutes); every other session ends',
  })
  removePasskey(@Arg('id', () => ID) id: string, @Ctx() ctx: GraphQLContext): Promise<SecurityChange> {
    return this.services.secondFactor.removePasskey(ctx.user!, idParam(id, 'Passkey not found'), ctx);
  }
}
