import 'reflect-metadata';
import http from 'node:http';
import { ApolloServer } from '@apollo/server';
import {
  ApolloServerPluginLandingPageDisabled,
  ApolloServerPluginCacheControlDisabled,
  ApolloServerPluginUsageReportingDisabled,
  ApolloServerPluginSchemaReportingDisabled,
  ApolloServerPluginInlineTraceDisabled,
} from '@apollo/server/plugin/disabled';
import { expressMiddleware } from '@as-integrations/express5';
import { costLimitRule } from '@escape.tech/graphql-armor-cost-limit';
import { maxAliasesRule } from '@escape.tech/graphql-armor-max-aliases';
import { maxDepthRule } from '@escape.tech/graphql-armor-max-depth';
import compression from 'compression';
import express, { NextFunction, Request, Response } from 'express';
import type { GraphQLError, ValidationContext } from 'graphql';
import helmet from 'helmet';
import type { PostgresDriver } from 'typeorm/driver/postgres/PostgresDriver';
import { requestScope, serverTiming } from '../kernel/query-stats';
import { logInfrastructureFailure } from '../db/infrastructure-errors';
import { AppError, ERROR_MAP, ErrorCode, RETRY_AFTER_SECONDS } from '../kernel/errors';
import { answerStatusPlugin } from '../transport/graphql/answer-status';
import { type GraphQLContext, httpContext } from '../transport/graphql/context';
import { formatErrorWith } from '../transport/graphql/format-error';
import { localizedErrorsPlugin } from '../transport/graphql/localized-errors';
import { readiness, type ReadinessCheck, closingGate, accessLog, corsPolicy, fixedDocument } from '../platform/http';
import { buildAppSchema, printContract } from '../transport/graphql/schema';
import { serveMetrics, createMetrics, resolveBuildInfo, type ReadinessVerdict } from '../platform/metrics';
import { expressClientIp } from '../transport/graphql/live/client-ip';
import { refuseSubscriptionsOverHttp } from '../transport/graphql/live/http-guard';
import { startLiveUpdates, type LiveUpdates } from '../transport/graphql/live/live-updates';
import { hostileInputGuard } from '../transport/rest/hostile-input';
import { toAppError } from '../transport/rest/respond';
import { warnAboutTrustProxy } from '../kernel/trust-proxy';
import { restRouter } from '../transport/rest/router';
import { apiReference } from '../transport/rest/openapi/reference-page';
import { restDocumentText } from '../transport/rest/openapi/rest-document';
import type { Services } from './services';
import { PageShell } from '../transport/web/page-shell';
import { loadPageRenderer } from '../transport/web/renderer';
import { readIndexHtml, webRoutes } from '../transport/web/web.routes';

/** The HTTP app and what main.ts needs to run and drain it. */
export interface App {
  app: express.Express;
  httpServer: http.Server;
  apollo: ApolloServer<GraphQLContext>;
  /** Flip to make /readyz answer 503 while the process drains. */
  setDraining(): void;
  /** Flip once the balancer stopped sending: new requests get 503 + `Connection: close`, unrun. */
  setClosing(): void;
  /** Requests being answered now (the drain waits for them). */
  inFlight(): number;
  /** GraphQL subscriptions over graphql-ws on /graphql, fed by LISTEN/NOTIFY (drained on SIGTERM). */
  live: LiveUpdates;
}

/** `/readyz` answers within this, whatever hangs (a frozen database answers 503, not never). */
const READINESS_TIMEOUT_MS = 800;

/**
 * Requests without a session spend a per-IP budget before Apollo sees them (a signed-in caller's
 * token is checked first thing in the context, before parsing).
 */
function guestBudget(services: Services) {
  return (req: Request, _res: Response, next: NextFunction) => {
    if (req.headers.authorization || req.headers['x-api-key']) return next();
    services.limits.hitGraphqlGuest(req.ip ?? null).then(() => next(), next);
  };
}

/** graphql-armor rules report like any validation rule (400, GRAPHQL_VALIDATION_FAILED), not by throwing. */
const reportAsValidationError = {
  exposeLimits: true,
  propagateOnRejection: false,
  onReject: [(ctx: ValidationContext | null, err: GraphQLError) => ctx?.reportError(err)],
};

/** Paths that answer JSON (or served uploads, which set their own policy), not pages. */
const isApiPath = (p: string) =>
  p.startsWith('/api/') ||
  p === '/graphql' ||
  p === '/healthz' ||
  p === '/readyz' ||
  p === '/version' ||
  p === '/metrics';

/** Paths a browser integration may call from another origin: the two APIs. */
const isCorsPath = (p: string) => p.startsWith('/api/') || p === '/graphql';

/** The security headers of a JSON answer: never sniffed, framed, embedded elsewhere or referred. */
const API_HEADERS = new Map<string, string>([
  ['Content-Security-Policy', "default-src 'none'; frame-ancestors 'none'"],
  ['Cross-Origin-Resource-Policy', 'same-origin'],
  ['Referrer-Policy', 'no-referrer'],
  ['Strict-Transport-Security', 'max-age=31536000; includeSubDomains'],
  ['X-Content-Type-Options', 'nosniff'],
]);

/** Sets API_HEADERS on an API answer. */
function apiHeaders(_req: express.Request, res: express.Response, next: express.NextFunction): void {
  res.setHeaders(API_HEADERS);
  next();
}

/** How long an idle keep-alive connection stays open: longer than load balancers keep theirs. */
const KEEP_ALIVE_TIMEOUT_MS = 65_000;

/**
 * Builds the whole HTTP surface: security headers, JSON body limits, health probes, GraphQL at
 * /graphql, the REST facade at /api, and the built client with SPA fallback.
 */
export async function createApp(services: Services): Promise<App> {
  const { config, logger } = services;
  const app = express();
  const httpServer = http.createServer(app);
  // Idle keep-alive sockets outlive a load balancer's (ALB 60 s, nginx 60 s): otherwise the app
  // may close a socket just as the balancer sends the next request on it, and that request fails.
  httpServer.keepAliveTimeout = KEEP_ALIVE_TIMEOUT_MS;
  httpServer.headersTimeout = KEEP_ALIVE_TIMEOUT_MS + 1000;
  let draining = false;
  const gate = closingGate();

  const indexHtml = readIndexHtml(config.clientDist);
  const renderer = indexHtml ? await loadPageRenderer(config.clientSsrEntry, logger) : null;
  // The Stocks page frames the operator's market chart: its origin (only) may be framed and probed.
  const chartOrigin = config.site.marketChartUrl ? [new URL(config.site.marketChartUrl).origin] : [];
  const shell = indexHtml ? new PageShell(indexHtml, config.site, renderer?.colorSchemeScript() ?? null) : null;

  app.disable('x-powered-by');
  // No ETag on answers sent with res.send: each cost a SHA-1 of the body (a fiftieth of a small
  // GraphQL request's CPU) for revalidation no client does (API answers are POSTs or read fresh;
  // pages are rendered per visit). Built assets keep theirs (express.static sets its own).
  app.set('etag', false);
  app.set('trust proxy', config.trustProxy);
  warnAboutTrustProxy(config, logger);
  app.use(gate.handle); // first: once closing, nothing else runs
  const pageHeaders = helmet({
    contentSecurityPolicy: {
      directives: {
        'default-src': ["'self'"],
        'img-src': ["'self'", 'data:', 'blob:'],
        'style-src': ["'self'", "'unsafe-inline'"],
        'script-src': ["'self'", ...(shell?.scriptHashes ?? [])],
        'frame-src': ["'self'", ...chartOrigin],
        'connect-src': ["'self'", ...chartOrigin],
      },
    },
    crossOriginEmbedderPolicy: false,
  });
  // Pages and assets get helmet's full set; JSON answers (read by scripts, never rendered as a
  // document) a short fixed set: the same protection for them at a fraction of the bytes and work.
  app.use((req, res, next) => (isApiPath(req.path) ? apiHeaders(req, res, next) : pageHeaders(req, res, next)));
  // Browser integrations on the operator's origins (CORS_ORIGINS) may call the API, not pages;
  // preflights are answered here, before budgets and parsing.
  const cors = corsPolicy(config.corsOrigins);
  if (cors) app.use((req, res, next) => (isCorsPath(req.path) ? cors(req, res, next) : next()));
  // Every answer, API and assets alike, through the compression middleware with its own defaults:
  // Brotli or gzip as the client offers, nothing under 1 KB, incompressible types (images),
  // no-transform and HEAD left alone, Vary: Accept-Encoding. Pages come already compressed from
  // their kept document (web/page-document.ts): their Content-Encoding makes it pass them on as
  // they are. The app compresses rather than the balancer, so every deployment (Caddy, a cloud
  // balancer, none) gets it; deploy/Caddyfile has no `encode`.
  app.use(compression());
  if (config.serverTiming) app.use(serverTiming);
  // One line per request, with its id (also sent back as X-Request-Id); probes are not logged.
  app.use(accessLog(logger, (req) => req.url === '/healthz' || req.url === '/readyz'));
  // Each dependency the instance needs to serve; the balancer takes it out while any fails.
  const readinessChecks: Record<string, ReadinessCheck> = {
    // The pool's own query with a read timeout of the probe's bound: a frozen database fails the
    // check in time and its connection is dropped, instead of being held for the statement timeout.
    database: () =>
      (services.ds.driver as PostgresDriver).master.query({ text: 'SELECT 1', query_timeout: READINESS_TIMEOUT_MS }),
  };
  // Reported but not deciding: the upload storage (PostgreSQL, a bucket, a shared volume) is usually
  // the same for every instance, so failing readiness for it would take the whole site out of
  // rotation for a fault that only stops uploads.
  const degradingChecks: Record<string, ReadinessCheck> = {
    storage: () => services.uploads.checkStorage(),
  };
  // What /readyz decides, and what /metrics shows of it (cryptovest_ready, cryptovest_readiness_check_up).
  const readinessNow = async (): Promise<ReadinessVerdict & { status: string }> => {
    const [needed, optional] = await Promise.all([
      readiness(readinessChecks, READINESS_TIMEOUT_MS),
      readiness(degradingChecks, READINESS_TIMEOUT_MS),
    ]);
    const status = !needed.ready ? 'unavailable' : optional.ready ? 'ready' : 'degraded';
    return { ready: needed.ready && !draining, status, checks: { ...needed.checks, ...optional.checks } };
  };
  const build = resolveBuildInfo(config.release);
  const metrics = createMetrics(services.ds, {
    readiness: readinessNow,
    jobs: services.queue,
    settlement: services.settlement,
    ledger: services.ledgerReconciliation,
    security: services.security,
    build,
  });
  app.use(requestScope, metrics.http); // request id for deeper log lines; request counts and timings

  await serveMetrics(app, metrics, config, logger); // GET /metrics, never public (docs/operations.md)
  app.get('/healthz', (_req, res) => {
    res.json({ status: 'ok' });
  });
  app.get('/readyz', async (_req, res) => {
    if (draining) return void res.status(503).json({ status: 'draining' });
    const { ready, status, checks } = await readinessNow();
    res.status(ready ? 200 : 503).json({ status, checks });
  });
  // Which release answers (a deploy's check, a support question): public, like the probes, and as cheap.
  const version = JSON.stringify(build);
  app.get('/version', (_req, res) => {
    res.set('Cache-Control', 'no-store').type('application/json').send(version);
  });

  const schema = await buildAppSchema(services);
  // The same limits for operations over HTTP and over WebSocket (subscriptions).
  const validationRules = [
    // With introspection turned on, standard tools' introspection query (depth 21) must pass; with
    // it off, Apollo refuses introspection anyway and the depth rule keeps counting it.
    maxDepthRule({
      n: config.graphql.maxDepth,
      ignoreIntrospection: config.graphql.introspection,
      ...reportAsValidationError,
    }),
    maxAliasesRule({ n: config.graphql.maxAliases, ...reportAsValidationError }),
    costLimitRule({ maxCost: config.graphql.maxCost, ...reportAsValidationError }),
  ];
  let live: LiveUpdates | null = null;
  const formatError = formatErrorWith(logger);
  const context = httpContext(services, logger);
  // Every GraphQL request goes through Apollo's pipeline, so every plugin below sees each one.
  // Apollo keeps parsed and validated documents in its document store (its default in-memory LRU,
  // keyed by the query's hash): a text sent again is neither parsed nor validated again.
  const apollo = new ApolloServer<GraphQLContext>({
    schema,
    introspection: config.graphql.introspection,
    // Without introspection, "Did you mean …?" hints would still reveal field names.
    hideSchemaDetailsFromClientErrors: !config.graphql.introspection,
    // The lexer stops at this many tokens: a few gzip bytes that unpack to thousands of fields
    // are refused before parsing costs anything (the depth/alias/cost rules run after parsing).
    parseOptions: { maxTokens: config.graphql.maxTokens },
    includeStacktraceInErrorResponses: false,
    formatError,
    validationRules,
    plugins: [
      ApolloServerPluginLandingPageDisabled(),
      ApolloServerPluginCacheControlDisabled(),
      ApolloServerPluginUsageReportingDisabled(),
      ApolloServerPluginSchemaReportingDisabled(),
      ApolloServerPluginInlineTraceDisabled(),
      answerStatusPlugin(logger),
      localizedErrorsPlugin(),
      metrics.graphql,
      refuseSubscriptionsOverHttp(),
      // apollo.stop() (shutdown, tests) also ends the sockets and the LISTEN connection.
      { serverWillStart: async () => ({ drainServer: async () => void (await live?.stop()) }) },
    ],
  });
  await apollo.start();
  live = await startLiveUpdates({
    httpServer,
    schema,
    services,
    databaseUrl: (services.ds.options as { url: string }).url,
    caches: [services.plans.cache, services.tokens.callers, services.ownLedger.kept],
    maxTokens: config.graphql.maxTokens,
    validationRules,
    formatError,
    clientIp: expressClientIp(app),
    refused: metrics.liveRefused,
  });

  // body-parser's JSON (strict: an object or array, else 400 "Malformed JSON"; over BODY_LIMIT 413,
  // both mapped by toAppError), then the hostile-input guard before anything reads the body.
  const json = [express.json({ limit: config.bodyLimit }), hostileInputGuard];
  // The deployed schema as SDL for client generators: public (the contract is in the repository).
  app.get('/graphql/schema.graphql', fixedDocument(printContract(schema), 'text/plain; charset=utf-8'));
  app.use('/graphql', json, guestBudget(services), expressMiddleware(apollo, { context: ({ req }) => context(req) }));
  // The REST contract and its reference page, public, before the facade's own "no such path".
  app.use('/api', apiReference(restDocumentText()));
  app.use('/api', json, restRouter(services));

  if (shell) webRoutes(app, services, shell, renderer);
  else
    logger.warn(
      { clientDist: config.clientDist },
      'client build not found: only the API is served (run npm run build)',
    );

  // Body-parser failures on /graphql and anything else that escapes: a clear 4xx, never a stack.
  // Database failures (e.g. the guest budget's) answer 503 + Retry-After with one warn line.
  app.use((err: unknown, req: Request, res: Response, _next: NextFunction) => {
    const known = toAppError(err);
    if (!known) logger.error({ err }, 'unexpected error');
    if (known?.code === ErrorCode.UNAVAILABLE) {
      if (!(err instanceof AppError)) logInfrastructureFailure(logger, err, `${req.method} ${req.path}`);
      res.set('Retry-After', String(RETRY_AFTER_SECONDS));
    }
    const status = known ? ERROR_MAP[known.code].http : 500;
    const message = known ? known.message : 'Internal server error';
    const wait = known?.retryAfterSeconds;
    if (wait !== undefined) res.set('Retry-After', String(wait));
    const retry = wait !== undefined ? { retryAfterSeconds: wait } : {};
    if (req.path.startsWith('/graphql')) {
      res.status(status).json({
        errors: [
          { message, extensions: { code: known ? ERROR_MAP[known.code].graphql : 'INTERNAL_SERVER_ERROR', ...retry } },
        ],
      });
    } else {
      res.status(status).json({ errors: [{ error: message, code: known?.code ?? 'INTERNAL', ...retry }] });
    }
  });

  return {
    app,
    httpServer,
    apollo,
    setDraining: () => (draining = true),
    setClosing: gate.close,
    inFlight: gate.inFlight,
    live,
  };
}
