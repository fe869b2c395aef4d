import type { ApolloServerPlugin } from '@apollo/server';
import type { GraphQLFormattedError } from 'graphql';
import { infrastructureError, logInfrastructureFailure } from '../../db/infrastructure-errors';
import { rateLimitHeaders } from '../../kernel/allowance';
import { RETRY_AFTER_SECONDS } from '../../kernel/errors';
import type { Logger } from '../../kernel/logger';
import type { GraphQLContext } from './context';

/** Refusals answered with HTTP 403 when they are a response's only errors and nothing came back. */
const FORBIDDEN_CODES = new Set(['FORBIDDEN', 'SECOND_FACTOR_ENROLMENT_REQUIRED', 'STEP_UP_REQUIRED']);

/** The HTTP status an answer's errors call for, and the seconds its Retry-After says (null: none); none: 200 stands. */
export interface ErrorStatus {
  status: number;
  retryAfter: number | null;
}

/**
 * The client 401 rule and outages for GraphQL answers: 401 when every error is UNAUTHENTICATED,
 * 403 for a refusal that left no data, 429 + Retry-After for a spent allowance that left no data,
 * 503 + Retry-After when the database failed (every error UNAVAILABLE, or no data and any is).
 */
export function statusForErrors(
  errors: readonly GraphQLFormattedError[] | undefined,
  noData: boolean,
  /** Every field the operation asked came back null (a nullable field refused, e.g. `login`). */
  nothingAnswered = noData,
): ErrorStatus | null {
  if (!errors?.length) return null;
  const codes = new Set(errors.map((e) => e.extensions?.code));
  if (codes.has('UNAVAILABLE') && (codes.size === 1 || noData)) return { status: 503, retryAfter: RETRY_AFTER_SECONDS };
  if (codes.size === 1 && codes.has('UNAUTHENTICATED')) return { status: 401, retryAfter: null };
  if (codes.size === 1 && noData && FORBIDDEN_CODES.has(String([...codes][0])))
    return { status: 403, retryAfter: null };
  // A spent allowance that left no data: 429 with the longest wait any of its errors names, as REST answers.
  if (codes.size === 1 && nothingAnswered && codes.has('RATE_LIMITED')) {
    const waits = errors.map((e) => Number(e.extensions?.retryAfterSeconds)).filter((n) => Number.isFinite(n) && n > 0);
    return { status: 429, retryAfter: waits.length ? Math.max(...waits) : null };
  }
  return null;
}

/** Logs the first database failure among an operation's errors (once per request). */
export function logFailureAmong(logger: Logger, errors: readonly unknown[], operationName: string | null | undefined) {
  const failure = errors.find((e) => infrastructureError(e));
  if (failure) logInfrastructureFailure(logger, failure, operationName ?? 'graphql');
}

/** Apollo plugin applying `statusForErrors` and `logFailureAmong` to every answer Apollo makes. */
export function answerStatusPlugin(logger: Logger): ApolloServerPlugin<GraphQLContext> {
  return {
    async requestDidStart() {
      return {
        async didEncounterErrors({ errors, request }) {
          logFailureAmong(logger, errors, request.operationName);
        },
        async willSendResponse({ response, contextValue }) {
          // An API key's answers say what is left of its rate limit (RateLimit-Policy / RateLimit).
          const allowance = contextValue.user?.apiKey?.allowance;
          if (allowance)
            for (const [name, value] of rateLimitHeaders(allowance))
              response.http.headers.set(name.toLowerCase(), value);
          const body = response.body;
          if (body.kind !== 'single') return;
          const data = body.singleResult.data;
          const nothingAnswered = data == null || Object.values(data).every((v) => v === null);
          const status = statusForErrors(body.singleResult.errors, data == null, nothingAnswered);
          if (!status) return;
          response.http.status = status.status;
          if (status.retryAfter !== null) response.http.headers.set('retry-after', String(status.retryAfter));
        },
      };
    },
  };
}
