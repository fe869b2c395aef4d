import type { Allowance } from './allowance';
import type { GraphQLFormattedError } from 'graphql';
/** Stable error codes. Services throw these; transports map them once (see ERROR_MAP). */
export enum ErrorCode {
  BAD_REQUEST = 'BAD_REQUEST',
  VALIDATION = 'VALIDATION',
  UNAUTHENTICATED = 'UNAUTHENTICATED',
  FORBIDDEN = 'FORBIDDEN',
  INVALID_CREDENTIALS = 'INVALID_CREDENTIALS',
  EMAIL_NOT_VERIFIED = 'EMAIL_NOT_VERIFIED',
  /** The password was right and the account uses two-factor sign-in: finish with `signIn`'s ticket. */
  SECOND_FACTOR_REQUIRED = 'SECOND_FACTOR_REQUIRED',
  /** An administrator without a second factor may only set one up. */
  SECOND_FACTOR_ENROLMENT_REQUIRED = 'SECOND_FACTOR_ENROLMENT_REQUIRED',
  /** Adding or removing a second factor needs a factor proven in this session within the last minutes. */
  STEP_UP_REQUIRED = 'STEP_UP_REQUIRED',
  NOT_FOUND = 'NOT_FOUND',
  CONFLICT = 'CONFLICT',
  PAYLOAD_TOO_LARGE = 'PAYLOAD_TOO_LARGE',
  RATE_LIMITED = 'RATE_LIMITED',
  /** A dependency (the database) is down, frozen or overloaded: retry later, nothing was wrong with the request. */
  UNAVAILABLE = 'UNAVAILABLE',
  INTERNAL = 'INTERNAL',
}

/** The one table from error code to GraphQL `extensions.code` and HTTP status. */
export const ERROR_MAP: Record<ErrorCode, { graphql: string; http: number }> = {
  [ErrorCode.BAD_REQUEST]: { graphql: 'BAD_REQUEST', http: 400 },
  [ErrorCode.VALIDATION]: { graphql: 'BAD_USER_INPUT', http: 422 },
  [ErrorCode.UNAUTHENTICATED]: { graphql: 'UNAUTHENTICATED', http: 401 },
  [ErrorCode.FORBIDDEN]: { graphql: 'FORBIDDEN', http: 403 },
  // Not 401: a failed login must not trigger the client's "401 = drop the session" rule.
  [ErrorCode.INVALID_CREDENTIALS]: { graphql: 'INVALID_CREDENTIALS', http: 400 },
  [ErrorCode.EMAIL_NOT_VERIFIED]: { graphql: 'EMAIL_NOT_VERIFIED', http: 403 },
  [ErrorCode.SECOND_FACTOR_REQUIRED]: { graphql: 'SECOND_FACTOR_REQUIRED', http: 403 },
  [ErrorCode.SECOND_FACTOR_ENROLMENT_REQUIRED]: { graphql: 'SECOND_FACTOR_ENROLMENT_REQUIRED', http: 403 },
  [ErrorCode.STEP_UP_REQUIRED]: { graphql: 'STEP_UP_REQUIRED', http: 403 },
  [ErrorCode.NOT_FOUND]: { graphql: 'NOT_FOUND', http: 404 },
  [ErrorCode.CONFLICT]: { graphql: 'CONFLICT', http: 409 },
  [ErrorCode.PAYLOAD_TOO_LARGE]: { graphql: 'PAYLOAD_TOO_LARGE', http: 413 },
  [ErrorCode.RATE_LIMITED]: { graphql: 'RATE_LIMITED', http: 429 },
  [ErrorCode.UNAVAILABLE]: { graphql: 'UNAVAILABLE', http: 503 },
  [ErrorCode.INTERNAL]: { graphql: 'INTERNAL_SERVER_ERROR', http: 500 },
};

/**
 * Why a session token was refused (UNAUTHENTICATED's `reason`), so the client can tell the user:
 * it expired, it was ended (signed out from another device, or a security change), or the
 * password was changed.
 */
export const SESSION_REFUSALS = ['SESSION_EXPIRED', 'SESSION_REVOKED', 'PASSWORD_CHANGED'] as const;

/** One of SESSION_REFUSALS. */
export type SessionRefusal = (typeof SESSION_REFUSALS)[number];

/** A message tied to one input field, so clients can show it under that field. */
export interface FieldError {
  field: string;
  message: string;
}

/** The only error type services throw on purpose; anything else is masked as INTERNAL. */
export class AppError extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly fields: FieldError[] = [],
    /** RATE_LIMITED: seconds until asking again can succeed (`Retry-After`, `retryAfterSeconds`). */
    readonly retryAfterSeconds?: number,
    /** RATE_LIMITED by a budget whose state clients may see (the RateLimit headers). */
    readonly allowance?: Allowance,
  ) {
    super(message);
    this.name = 'AppError';
  }

  /** UNAUTHENTICATED for a session token: why it no longer works (`extensions.reason`, REST `reason`). */
  reason?: SessionRefusal;

  /** A refused session token, with the reason the client shows on its sign-in page. */
  static sessionRefused(reason: SessionRefusal, message = 'Invalid or expired token'): AppError {
    const err = new AppError(ErrorCode.UNAUTHENTICATED, message);
    err.reason = reason;
    return err;
  }

  get httpStatus(): number {
    return ERROR_MAP[this.code].http;
  }

  /** A spent allowance: 429 with the whole seconds to wait, which clients read instead of parsing the message. */
  static rateLimited(message: string, retryAfterSeconds: number, allowance?: Allowance): AppError {
    return new AppError(ErrorCode.RATE_LIMITED, message, [], Math.max(1, Math.ceil(retryAfterSeconds)), allowance);
  }

  /** One field failed: the message is also the error's message. */
  static field(field: string, message: string, code = ErrorCode.VALIDATION): AppError {
    return new AppError(code, message, [{ field, message }]);
  }
}

/** Message returned for unexpected failures; details go to the log only. */
export const INTERNAL_MESSAGE = 'Internal server error';

/** Message of every UNAVAILABLE answer: honest about the cause, no detail of which dependency failed. */
export const UNAVAILABLE_MESSAGE = 'The service is temporarily unavailable. Try again in a moment.';

/** Seconds a 503 tells clients to wait before retrying (`Retry-After`): short, outages mostly are. */
export const RETRY_AFTER_SECONDS = 5;

/**
 * The client-facing form of an AppError: message, `extensions.code`, `extensions.fields` and, for
 * a 429 that knows its wait, `extensions.retryAfterSeconds`.
 */
export function formattedAppError(err: AppError): GraphQLFormattedError {
  const map = ERROR_MAP[err.code];
  return {
    message: err.message,
    extensions: {
      code: map.graphql,
      ...(err.fields.length ? { fields: err.fields } : {}),
      ...(err.retryAfterSeconds !== undefined ? { retryAfterSeconds: err.retryAfterSeconds } : {}),
      ...(err.reason ? { reason: err.reason } : {}),
    },
  };
}
