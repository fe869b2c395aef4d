import { AppError, ErrorCode } from '../../kernel/errors';
import { UserType, type AuthUser, hasRole, Role, ApiKeyScope } from '../user';

/**
 * Who may use a root field or REST path: the role, which API key scopes open it (any of them;
 * none listed: keys are refused), and whether an admin who has not set up a second factor yet
 * may use it (the few things enrolment needs).
 */
export interface AccessRule {
  role: Role;
  scopes?: readonly ApiKeyScope[];
  duringEnrolment?: boolean;
}

/** A rule's options beside the role (what `@Auth` and `requireRole` take). */
export type AuthOptions = Omit<AccessRule, 'role'>;

/** The refusal an admin without a second factor gets everywhere except enrolment. */
export const ENROLMENT_REQUIRED_MESSAGE =
  'Administrators must set up two-factor sign-in first: add an authenticator app or a passkey in Settings → Security';

/** The same refusal for an admin who has a second factor but opened this session without it. */
export const SIGN_IN_AGAIN_MESSAGE =
  'Sign in again with your second factor: administrators use the back office only in sessions opened with it';

/**
 * The one access check of GraphQL fields and REST paths: role first, then (for an API key) its
 * scopes, then the admin second-factor rule. Throws FORBIDDEN / SECOND_FACTOR_ENROLMENT_REQUIRED.
 */
export function assertAccess(user: AuthUser, rule: AccessRule): void {
  if (!hasRole(user, rule.role)) throw new AppError(ErrorCode.FORBIDDEN, 'You are not allowed to do this');
  if (user.apiKey) {
    const granted = rule.scopes?.some((s) => user.apiKey!.scopes.includes(s));
    if (!granted)
      throw new AppError(
        ErrorCode.FORBIDDEN,
        rule.scopes?.length
          ? `This API key lacks the scope this needs (one of: ${rule.scopes.join(', ')})`
          : 'API keys cannot do this: sign in as a person',
      );
  }
  if (user.enrolmentOnly && !rule.duringEnrolment)
    throw new AppError(
      ErrorCode.SECOND_FACTOR_ENROLMENT_REQUIRED,
      user.secondFactorEnrolled ? SIGN_IN_AGAIN_MESSAGE : ENROLMENT_REQUIRED_MESSAGE,
    );
}

/**
 * True when the caller sees every user's data (admin pages): an admin's session, or an admin's
 * key with ADMIN_READ. An admin's key without it sees only its owner's own data.
 */
export function seesEverything(user: AuthUser): boolean {
  if (user.type !== UserType.ADMIN) return false;
  return !user.apiKey || user.apiKey.scopes.includes(ApiKeyScope.ADMIN_READ);
}
