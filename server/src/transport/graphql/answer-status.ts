import type { ApolloServerPlugin } from '@apollo/server';
import type { GraphQLFormattedError } from 'graphql';
import { infrastructureError, logInfrastructureFailure } from '../../db/infrastructure-errors';
import { RETRY_AFTER_SECONDS } from '../../kernel/errors';
import type { Logger } from '../../kernel/logger';
import type { GraphQLContext } from './context';

/** Refusals answered with HTTP 403 when they are a response's only errors and nothing came back. */
const FORBIDDEN_CODES = new Set(['FORBIDDEN', 'SECOND_FACTOR_ENROLMENT_REQUIRED', 'STEP_UP_REQUIRED']);

/** The HTTP status an answer's errors call for, and whether it carries Retry-After; none: 200 stands. */
export interface ErrorStatus {
  status: number;
  retryAfter: boolean;
}

/**
 * The client 401 rule and outages for GraphQL answers: 401 when every error is UNAUTHENTICATED,
 * 403 for a refusal that left no data, 503 + Retry-After when the database failed (every error
 * UNAVAILABLE, or no data and any is).
 */
export function statusForErrors(
  errors: readonly GraphQLFormattedError[] | undefined,
  noData: boolean,
): ErrorStatus | null {
  if (!errors?.length) return null;
  const codes = new Set(errors.map((e) => e.extensions?.code));
  if (codes.has('UNAVAILABLE') && (codes.size === 1 || noData)) return { status: 503, retryAfter: true };
  if (codes.size === 1 && codes.has('UNAUTHENTICATED')) return { status: 401, retryAfter: false };
  if (codes.size === 1 && noData && FORBIDDEN_CODES.has(String([...codes][0])))
    return { status: 403, retryAfter: false };
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
        async willSendResponse({ response }) {
          const body = response.body;
          if (body.kind !== 'single') return;
          const status = statusForErrors(body.singleResult.errors, body.singleResult.data == null);
          if (!status) return;
          response.http.status = status.status;
          if (status.retryAfter) response.http.headers.set('retry-after', String(RETRY_AFTER_SECONDS));
        },
      };
    },
  };
}
