import type { DataSource } from 'typeorm';
import type { Clock } from '../../kernel/clock';
import { inTransaction } from '../../db/transaction';
import { AppError } from '../../kernel/errors';
import type { AuditService } from '../../platform/audit';
import { type RequestMeta, type Session, sessionOrigin, type TokenService } from '../identity';
import { User } from '../user';
import { type AuthChallenges, TICKET_EXPIRED } from './challenges';
import type { FactorChecks, SecondFactorMethod } from './factor-checks';
import type { Passkeys } from './passkeys';

/** The "second factor required" step of a sign-in. */
export interface SecondFactorChallenge {
  ticket: string;
  expiresAt: Date;
  methods: SecondFactorMethod[];
}

/**
 * The second step of a password sign-in: a short-lived ticket after the right password, finished
 * with an authenticator code, a recovery code or a passkey. The ticket and the factor are spent
 * in one transaction, so a recovery code (or an authenticator step) is used up only by a sign-in
 * that succeeds. Passkey answers spend no budget of wrong codes: they can't be guessed.
 */
export class SignInSteps {
  constructor(
    private readonly ds: DataSource,
    private readonly tokens: TokenService,
    private readonly challenges: AuthChallenges,
    private readonly passkeys: Passkeys,
    private readonly checks: FactorChecks,
    private readonly audit: AuditService,
    private readonly clock: Clock,
  ) {}

  private user(id: string): Promise<User> {
    return this.ds.getRepository(User).findOneByOrFail({ id });
  }

  /** The second step a password sign-in of `userId` needs, or null when the account has no second factor. */
  async challengeFor(userId: string): Promise<SecondFactorChallenge | null> {
    const methods = await this.checks.methods(userId);
    if (!methods.length) return null;
    return { ...(await this.challenges.openTicket(userId)), methods };
  }

  /** Finishes a sign-in with an authenticator or recovery code. */
  async signInWithCode(ticket: string, code: string, meta: RequestMeta): Promise<Session> {
    const open = await this.challenges.ticket(ticket);
    const user = await this.user(open.userId);
    const method = await inTransaction(this.ds, async (m) => {
      // The ticket first: a parallel finish waits on its row and is refused before its code is tried.
      if (!(await this.challenges.useTicket(open.id, m))) throw AppError.field('ticket', TICKET_EXPIRED);
      return this.checks.checkCode(m, user, code, meta);
    });
    return this.finished(user, method, meta);
  }

  /** Passkey options for the sign-in step of `ticket` (JSON for @simplewebauthn/browser). */
  async passkeySignInOptions(ticket: string): Promise<string> {
    const open = await this.challenges.ticket(ticket);
    return this.passkeys.signInOptions(open.userId, open.id);
  }

  /** Finishes a sign-in with a passkey's answer to the ticket's challenge. */
  async signInWithPasskey(ticket: string, response: string, meta: RequestMeta): Promise<Session> {
    const open = await this.challenges.ticket(ticket);
    const user = await this.user(open.userId);
    try {
      await this.passkeys.verifySignIn(user.id, open.challenge, String(response ?? ''));
    } catch (err) {
      await this.checks.failed(user, meta, 'PASSKEY');
      throw err;
    }
    if (!(await this.challenges.useTicket(open.id))) throw AppError.field('ticket', TICKET_EXPIRED);
    return this.finished(user, 'PASSKEY', meta);
  }

  /** Audits the sign-in and issues a session proven with the second factor, just now. */
  private async finished(user: User, method: SecondFactorMethod, meta: RequestMeta): Promise<Session> {
    await this.audit.record({
      action: 'login.success',
      actorId: user.id,
      subjectType: 'user',
      subjectId: user.id,
      ip: meta.ip,
      metadata: { secondFactor: method },
    });
    const fresh = await this.user(user.id);
    return { token: await this.tokens.issue(fresh, true, this.clock.now(), sessionOrigin(meta)), user: fresh };
  }
}
