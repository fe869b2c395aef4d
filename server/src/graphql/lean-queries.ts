import type { ApolloServerPlugin } from '@apollo/server';
import type { NextFunction, Request, RequestHandler, Response } from 'express';
import {
  execute,
  getOperationAST,
  GraphQLError,
  type DocumentNode,
  type ExecutionResult,
  type GraphQLFormattedError,
  type GraphQLSchema,
} from 'graphql';
import Negotiator from 'negotiator';
import type { CountAnswer } from '../metrics/graphql-metrics';
import { PLAIN_JSON } from '../web/json-body';
import { RETRY_AFTER_SECONDS } from '../errors';
import { statusForErrors } from './answer-status';
import type { GraphQLContext } from './context';

/** Query texts kept with their validated documents; when full, the map starts again (the app's own recur at once). */
const MAX_KEPT_QUERIES = 500;
/** Longer query texts are not kept (bounds the map at a few megabytes whatever is sent). */
const MAX_KEPT_QUERY_LENGTH = 10_000;
/** Distinct Accept headers whose answer type is kept. */
const MAX_KEPT_ACCEPTS = 100;

/** The answer types Apollo Server offers for a single result, in its order of preference. */
const ANSWER_TYPES = [
  'application/json; charset=utf-8',
  'application/graphql-response+json; charset=utf-8',
  'application/json; callbackSpec=1.0; charset=utf-8',
];

/** What the lean path needs from the app: the schema, how to build a context, format and count errors. */
export interface LeanQueryOptions {
  schema: GraphQLSchema;
  /** The request's context, built at most once per request (graphql/context.ts `httpContext`). */
  context: (req: Request) => Promise<GraphQLContext>;
  /** Apollo's `formatError` for the same server. */
  formatError: (formatted: GraphQLFormattedError, error: unknown) => GraphQLFormattedError;
  /** Logs the first database failure among an operation's errors. */
  logFailure: (errors: readonly unknown[], operationName: string | null | undefined) => void;
  /** Counts an answered operation (metrics). */
  answered: CountAnswer;
}

/**
 * Answers a query Apollo Server has validated before without Apollo's request pipeline: about a
 * fifth of a small query's CPU (plugin hooks at every stage, a SHA-256 of the text to find its
 * parsed document, two content negotiations, header maps, all per request). Apollo stays the
 * server: `plugin` learns from it which query texts parsed and passed every validation rule
 * (depth, aliases, cost, no introspection where it is off), and the lean path takes only a plain
 * POST of such a text (JSON, `query` with optional `variables`, `operationName` and `extensions`
 * other than a persisted query's) naming a query operation. It runs graphql-js's `execute` as
 * Apollo does, with the same context, and answers as Apollo would: the same status (the app's
 * status rules), content type, body and error formatting. Everything else goes on to Apollo: new
 * texts, mutations, subscriptions, persisted queries, GET, bad variables (nothing ran yet), a
 * failed credential check (Apollo reuses the context's failure, so a key's rate limit counts once).
 */
export function leanQueries(options: LeanQueryOptions): {
  plugin: ApolloServerPlugin<GraphQLContext>;
  handler: RequestHandler;
} {
  const validated = new Map<string, DocumentNode>();
  const answerTypes = new Map<string, string | null>();

  const plugin: ApolloServerPlugin<GraphQLContext> = {
    async requestDidStart() {
      return {
        // Called once the document parsed, validated and named a known operation.
        async didResolveOperation({ source, document }) {
          if (source.length > MAX_KEPT_QUERY_LENGTH || validated.has(source)) return;
          if (validated.size >= MAX_KEPT_QUERIES) validated.clear();
          validated.set(source, document);
        },
      };
    },
  };

  /** Apollo's answer type for an Accept header; null: Apollo answers 406. */
  const answerType = (accept: string | undefined): string | null => {
    if (!accept) return ANSWER_TYPES[0];
    let type = answerTypes.get(accept);
    if (type === undefined) {
      type = new Negotiator({ headers: { accept } }).mediaType(ANSWER_TYPES) ?? null;
      if (answerTypes.size >= MAX_KEPT_ACCEPTS) answerTypes.clear();
      answerTypes.set(accept, type);
    }
    return type;
  };

  const handler = (req: Request, res: Response, next: NextFunction) => {
    const body = plainRequest(req);
    const document = body && validated.get(body.query);
    const operation = document && getOperationAST(document, body.operationName ?? undefined);
    const type = operation?.operation === 'query' ? answerType(req.headers.accept) : null;
    if (!body || !document || !operation || !type) return next();
    options
      .context(req)
      .then(
        (contextValue) =>
          Promise.resolve(
            execute({
              schema: options.schema,
              document,
              contextValue,
              variableValues: body.variables,
              operationName: body.operationName,
            }),
          ).then(answer),
        // Apollo answers a failed context (it gets the same failure, not a second check).
        () => next(),
      )
      .catch(next);

    function answer(result: ExecutionResult) {
      // Nothing ran (the variables did not fit): Apollo answers those with its own status rules.
      if (result.data === undefined) return next();
      let errors: GraphQLFormattedError[] | undefined;
      const head: Head = { status: 200, headers: new Map() };
      if (result.errors?.length) {
        options.logFailure(result.errors, body!.operationName);
        errors = result.errors.map((e) => formatAsApollo(e, options.formatError, head));
        const fromErrors = statusForErrors(errors, result.data == null);
        if (fromErrors) {
          head.status = fromErrors.status;
          if (fromErrors.retryAfter) head.headers.set('retry-after', String(RETRY_AFTER_SECONDS));
        }
      }
      options.answered(operation, errors);
      res.setHeader('content-type', type!);
      for (const [name, value] of head.headers) res.setHeader(name, value);
      res.statusCode = head.status;
      res.send(JSON.stringify({ errors, data: result.data, extensions: result.extensions }) + '\n');
    }
  };
  return { plugin, handler };
}

/** What a POST body may hold for the lean path. */
const BODY_KEYS = new Set(['query', 'variables', 'operationName', 'extensions']);

/** A POST body Apollo would read the same way, with nothing the lean path leaves to Apollo. */
interface PlainRequest {
  query: string;
  variables?: Record<string, unknown>;
  operationName?: string;
}

/** The request's body as a PlainRequest, or null when Apollo should read it. */
function plainRequest(req: Request): PlainRequest | null {
  if (req.method !== 'POST') return null;
  const type = req.headers['content-type'];
  if (type === undefined || !PLAIN_JSON.has(type.toLowerCase())) return null;
  const body: unknown = req.body;
  if (!isRecord(body) || typeof body.query !== 'string') return null;
  for (const key in body) if (!BODY_KEYS.has(key)) return null;
  const { variables, operationName, extensions } = body;
  // Apollo Client sends `extensions.clientLibrary`, which Apollo only passes on; a persisted
  // query (or anything but an object) is Apollo's to handle.
  if (extensions !== undefined && extensions !== null && (!isRecord(extensions) || extensions.persistedQuery))
    return null;
  if (variables !== undefined && variables !== null && !isRecord(variables)) return null;
  if (operationName !== undefined && operationName !== null && typeof operationName !== 'string') return null;
  return {
    query: body.query,
    ...(isRecord(variables) ? { variables } : {}),
    ...(typeof operationName === 'string' ? { operationName } : {}),
  };
}

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** The status and headers of an answer, as errors' `extensions.http` and the status rules set them. */
interface Head {
  status: number;
  headers: Map<string, string>;
}

/**
 * An execution error as Apollo formats it (its `normalizeAndFormatErrors`): a code defaulting to
 * INTERNAL_SERVER_ERROR, an `http` extension moved from the body into the answer's status and
 * headers, then the server's `formatError`; a formatter that throws gives Apollo's masked error.
 */
function formatAsApollo(
  error: GraphQLError,
  formatError: LeanQueryOptions['formatError'],
  head: Head,
): GraphQLFormattedError {
  try {
    const extensions: Record<string, unknown> = {
      ...error.extensions,
      code: error.extensions.code ?? 'INTERNAL_SERVER_ERROR',
    };
    const http = extensions.http as { status?: unknown; headers?: unknown } | undefined;
    if (
      http &&
      typeof http === 'object' &&
      (http.status === undefined || typeof http.status === 'number') &&
      (http.headers === undefined || http.headers instanceof Map)
    ) {
      if (typeof http.status === 'number') head.status = http.status;
      for (const [name, value] of (http.headers as Map<string, string> | undefined) ?? [])
        head.headers.set(name, value);
      delete extensions.http;
    }
    return formatError({ ...error.toJSON(), extensions }, error);
  } catch {
    return { message: 'Internal server error', extensions: { code: 'INTERNAL_SERVER_ERROR' } };
  }
}
