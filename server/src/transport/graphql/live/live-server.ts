import type http from 'node:http';
import type { Duplex } from 'node:stream';
import {
  getOperationAST,
  GraphQLError,
  parse,
  specifiedRules,
  validate,
  type DocumentNode,
  type GraphQLFormattedError,
  type GraphQLSchema,
  type ValidationRule,
} from 'graphql';
import { useServer } from 'graphql-ws/use/ws';
import { WebSocketServer, type WebSocket } from 'ws';
import type { GraphQLContext } from '../context';
import type { CountLiveRefusal } from '../../../platform/metrics';
import type { Clock } from '../../../kernel/clock';
import type { Config } from '../../../kernel/config';
import type { Logger } from '../../../kernel/logger';
import type { TokenService } from '../../../modules/identity';
import type { ClientIp } from './client-ip';
import { CLOSE_CODES } from './close-codes';
import type { LiveHub } from '../../../platform/live';
import { withoutSchemaHints } from './schema-hints';
import { authenticateSocket, type SocketSession } from './socket-auth';
import { SocketGuard } from './socket-guard';
import type { SubscribeBudget } from './subscribe-budget';

/** The services this adapter calls; the composition root passes them. */
export interface LiveServerDeps {
  clock: Clock;
  config: Readonly<Config>;
  logger: Logger;
  tokens: TokenService;
}

/** How long closing sockets get to answer the close before they are cut (drain). */
const CLOSE_GRACE_MS = 1000;

/** What the websocket server needs from the app: the schema, its validation rules and error format. */
export interface LiveServerOptions {
  httpServer: http.Server;
  schema: GraphQLSchema;
  /** `config.live` (the caps), `config.graphql.introspection` (hints hidden when off), the clock (subscribe budgets). */
  services: LiveServerDeps;
  hub: LiveHub;
  maxTokens: number;
  validationRules: readonly ValidationRule[];
  formatError: (formatted: GraphQLFormattedError, error: unknown) => GraphQLFormattedError;
  /** The client's address as HTTP sees it (TRUST_PROXY), for the per-address cap and resolvers' `ip`. */
  clientIp: ClientIp;
  /** Counts each refusal of the caps (`cryptovest_live_refusals_total`). */
  refused: CountLiveRefusal;
}

/** The running websocket server: drained on SIGTERM, closed with Apollo. */
export interface LiveServer {
  /** Refuses new sockets and closes open ones with 1012 (reconnect elsewhere); resolves once they are gone. */
  drain(): Promise<void>;
  close(): Promise<void>;
  /** The caps and the sockets they count now (tests wait for slots to be released). */
  guard: SocketGuard;
}

/** graphql-ws's per-socket extra, plus our session, address and subscribe budget once the token checked out. */
type Extra = {
  socket: WebSocket;
  request: http.IncomingMessage;
  session?: SocketSession;
  ip?: string;
  budget?: SubscribeBudget;
};

/** Answers an upgrade we will not take with a plain HTTP status, then drops the socket. */
function refuseUpgrade(socket: Duplex, status: string, headers: string[] = []): void {
  socket.on('error', () => undefined);
  socket.end([`HTTP/1.1 ${status}`, 'Connection: close', 'Content-Length: 0', ...headers, '', ''].join('\r\n'));
}

/** Resolves once every socket closed, or after `ms` (the rest are cut then). */
async function closedWithin(sockets: WebSocket[], ms: number): Promise<void> {
  const open = sockets.filter((s) => s.readyState !== s.CLOSED);
  let timer: NodeJS.Timeout | undefined;
  await Promise.race([
    Promise.all(open.map((s) => new Promise((resolve) => s.once('close', resolve)))),
    new Promise((resolve) => (timer = setTimeout(resolve, ms))),
  ]);
  clearTimeout(timer);
  for (const s of open) if (s.readyState !== s.CLOSED) s.terminate();
}

/**
 * GraphQL subscriptions over graphql-ws on the app's own HTTP server and path (/graphql). The
 * token comes in `connection_init`; only subscriptions run here (queries and mutations stay on
 * HTTP, with its limits, budgets and idempotency); each socket closes when its token expires or is
 * revoked, and all close with 1012 when the instance drains.
 */
export function attachLiveServer(options: LiveServerOptions): LiveServer {
  const { httpServer, schema, services, hub } = options;
  const logger: Logger = services.logger;
  const { live: limits, graphql } = services.config;
  const guard = new SocketGuard(limits, services.clock, options.refused, logger);
  const wss = new WebSocketServer({ noServer: true, maxPayload: limits.maxMessageBytes });
  let closing = false;

  const onUpgrade = (req: http.IncomingMessage, socket: Duplex, head: Buffer) => {
    const path = new URL(req.url ?? '/', 'http://localhost').pathname;
    if (path !== '/graphql') return refuseUpgrade(socket, '404 Not Found');
    if (closing) return refuseUpgrade(socket, '503 Service Unavailable', ['Retry-After: 1']);
    const ip = options.clientIp(req);
    if (!guard.admitsAddress(ip)) return refuseUpgrade(socket, '429 Too Many Requests');
    wss.handleUpgrade(req, socket, head, (ws) => {
      // A peer's protocol error (e.g. an over-size message, which ws has already closed with 1009)
      // is counted and logged by the guard; graphql-ws's own handler would print each to stderr.
      const onError = (err: Error) => guard.protocolError(err);
      ws.on('error', onError);
      if (!guard.holdAddress(ws, ip)) return; // taken meanwhile: closed with 4290
      wss.emit('connection', ws, req);
      for (const listener of ws.listeners('error')) if (listener !== onError) ws.off('error', listener as () => void);
    });
  };
  httpServer.on('upgrade', onUpgrade);

  const rules = [...specifiedRules, ...options.validationRules];
  // With introspection off, "Did you mean …?" hints are dropped here as Apollo drops them on HTTP.
  const hide = graphql.introspection ? (e: GraphQLFormattedError) => e : withoutSchemaHints;
  const format = (errors: readonly GraphQLError[]) => errors.map((e) => hide(options.formatError(e.toJSON(), e)));

  useServer<Record<string, unknown>, Extra>(
    {
      schema,
      isProd: true,
      onConnect: async (ctx) => {
        const session = await authenticateSocket(ctx.extra.socket, ctx.connectionParams, services.tokens, hub, logger);
        if (!session) return false; // already closed with its own code; graphql-ws's 4403 finds it closing
        if (!guard.holdUser(ctx.extra.socket, session.user.id)) {
          session.end(); // closed with 4290
          return false;
        }
        ctx.extra.session = session;
        ctx.extra.ip = options.clientIp(ctx.extra.request);
        ctx.extra.budget = guard.budget();
        return true;
      },
      onClose: (ctx) => ctx.extra.session?.end(),
      onSubscribe: (ctx, _id, payload) => {
        if (!guard.allowsSubscribe(ctx.extra.socket, ctx.extra.budget!))
          return [new GraphQLError('Too many subscribe messages')]; // the socket is closing (4291)
        // graphql-ws has already registered this one (its id is among them).
        if (!guard.fitsSubscriptions(Object.keys(ctx.subscriptions).length))
          return [new GraphQLError(`At most ${limits.maxSubscriptionsPerSocket} subscriptions per connection`)];
        let document: DocumentNode;
        try {
          document = parse(payload.query, { maxTokens: options.maxTokens });
        } catch (err) {
          return [err instanceof GraphQLError ? err : new GraphQLError('Syntax error')];
        }
        const errors = validate(schema, document, rules);
        if (errors.length) return errors;
        if (getOperationAST(document, payload.operationName)?.operation !== 'subscription')
          return [
            new GraphQLError(
              'Only subscriptions are served over WebSocket: send queries and mutations to POST /graphql',
            ),
          ];
        const contextValue: GraphQLContext = {
          user: ctx.extra.session!.user,
          ip: ctx.extra.ip ?? null,
          live: hub,
        };
        return {
          schema,
          document,
          operationName: payload.operationName,
          variableValues: payload.variables,
          contextValue,
        };
      },
      onNext: (_ctx, _id, _payload, _args, result) =>
        result.errors ? { ...result, errors: format(result.errors) } : undefined,
      onError: (_ctx, _id, _payload, errors) => format(errors),
    },
    wss,
  );

  const drain = async () => {
    closing = true;
    const sockets = [...wss.clients];
    for (const s of sockets) s.close(CLOSE_CODES.SERVICE_RESTART, 'Server restarting: reconnect');
    if (sockets.length) logger.info({ sockets: sockets.length }, 'live updates: sockets closed for the drain');
    await closedWithin(sockets, CLOSE_GRACE_MS);
  };

  return {
    drain,
    guard,
    async close() {
      await drain();
      httpServer.off('upgrade', onUpgrade);
      await new Promise<void>((resolve) => wss.close(() => resolve()));
    },
  };
}
