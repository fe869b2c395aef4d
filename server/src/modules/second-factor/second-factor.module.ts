import type { DataSource } from 'typeorm';
import type { Clock } from '../../kernel/clock';
import type { Config } from '../../kernel/config';
import type { Logger } from '../../kernel/logger';
import type { AuditService } from '../../platform/audit';
import type { TokenService } from '../identity';
import type { RateLimits } from '../../platform/limits';
import { HOURLY_SECONDS, type ModuleWork } from '../../platform/jobs';
import type { MailOutbox } from '../../platform/mail';
import type { SecuritySignals } from '../../platform/metrics';
import { AuthChallenges } from './challenges';
import { EnrolmentCodes } from './enrolment-codes';
import { FactorChecks } from './factor-checks';
import { Passkeys } from './passkeys';
import { SecondFactorService } from './second-factor.service';
import { SignInSteps } from './sign-in-steps';

/** What the second-factor module gives the rest of the server, and the hourly clean-up it owns. */
export interface SecondFactorModule extends ModuleWork {
  /** Settings → Security: enrolment, removal, recovery codes, step-up, admin enrolment codes. */
  service: SecondFactorService;
  /** The second step of a password sign-in. */
  signIn: SignInSteps;
  /** One-time enrolment codes (the operator command prints them). */
  enrolmentCodes: EnrolmentCodes;
}

/** Wires the second-factor module once (its parts share the challenges and the budgeted checks). */
export function createSecondFactor(deps: {
  ds: DataSource;
  config: Readonly<Config>;
  tokens: TokenService;
  limits: RateLimits;
  audit: AuditService;
  outbox: MailOutbox;
  clock: Clock;
  logger: Logger;
  /** Counts refused second factors (the metrics); none when omitted. */
  signals?: Pick<SecuritySignals, 'loginFailed'>;
}): SecondFactorModule {
  const { ds, config, tokens, limits, audit, outbox, clock, logger, signals } = deps;
  const challenges = new AuthChallenges(ds, clock);
  const passkeys = new Passkeys(ds, config, challenges, clock);
  const checks = new FactorChecks(ds, config, limits, audit, outbox, clock, logger, signals);
  const enrolmentCodes = new EnrolmentCodes(ds, clock);
  return {
    service: new SecondFactorService(
      ds,
      config,
      tokens,
      limits,
      passkeys,
      checks,
      enrolmentCodes,
      audit,
      outbox,
      clock,
    ),
    signIn: new SignInSteps(ds, tokens, challenges, passkeys, checks, audit, clock),
    enrolmentCodes,
    periodic: [
      { name: 'authChallenges.removeExpired', everySeconds: HOURLY_SECONDS, run: () => challenges.removeExpired() },
    ],
  };
}
