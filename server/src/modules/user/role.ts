import { type User, UserType } from './user.entity';
import type { ApiKeyScope } from './scopes';
import type { Allowance } from '../../kernel/allowance';

/**
 * What a field requires: USER = any signed-in person, INVESTOR = investor type only,
 * ADMIN = administrator only. Declared in the schema as `@auth(requires: Role!)`.
 */
export enum Role {
  USER = 'USER',
  INVESTOR = 'INVESTOR',
  ADMIN = 'ADMIN',
}

/** The signed-in caller as every transport sees it, re-read from the DB on each request. */
export interface AuthUser {
  id: string;
  type: UserType;
  /** Set when the caller is an API key: which, what it may do, and what is left of its rate limit. */
  apiKey?: { id: string; scopes: ApiKeyScope[]; allowance?: Allowance };
  /** True when this session was opened with a second factor (or right after enrolling one). */
  secondFactor?: boolean;
  /** When this session last proved a second factor (sign-in, step-up or enrolment); see `step-up.ts`. */
  factorProvenAt?: Date;
  /** An administrator without a proven second factor: may only set one up (see `assertAccess`). */
  enrolmentOnly?: boolean;
  /** With `enrolmentOnly`: a factor is set up, but this session was opened without it (sign in again). */
  secondFactorEnrolled?: boolean;
  /** The session (`user_session` row) of the caller's token; absent for API keys and tokens from before sessions. */
  sessionId?: string;
  /** The caller's row as read while checking the session this request (absent for API keys). */
  profile?: User;
}

/** True when `user` may use something that requires `role`. Shared by GraphQL and REST. */
export function hasRole(user: AuthUser, role: Role): boolean {
  switch (role) {
    case Role.USER:
      return true;
    case Role.INVESTOR:
      return user.type === UserType.INVESTOR;
    case Role.ADMIN:
      return user.type === UserType.ADMIN;
  }
}
