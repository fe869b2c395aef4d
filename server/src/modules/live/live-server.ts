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
import type { GraphQLContext } from '../../graphql/context';
import type { Logger } from '../../logger';
import type { Services } from '../../services';
import { CLOSE_CODES } from './close-codes';
import type { LiveHub } from './hub';
import { authenticateSocket, type SocketSession } from './socket-auth';

/** Longest subscribe message accepted (an operation document is a few hundred bytes). */
const MAX_MESSAGE_BYTES = 64 * 1024;
/** Subscriptions one socket may hold at once (the dashboard needs two). */
const MAX_SUBSCRIPTIONS = 10;
/** How long closing sockets get to answer the close before they are cut (drain). */
const CLOSE_GRACE_MS = 1000;

/** What the websocket server needs from the app: the schema, its validation rules and error format. */
export interface LiveServerOptions {
  httpServer: http.Server;
  schema: GraphQLSchema;
  services: Pick<Services, 'tokens' | 'logger'>;
  hub: LiveHub;
  maxTokens: number;
  validationRules: readonly ValidationRule[];
  formatError: (formatted: GraphQLFormattedError, error: unknown) => GraphQLFormattedError;
}

/** The running websocket server: drained on SIGTERM, closed with Apollo. */
export interface LiveServer {
  /** Refuses new sockets and closes open ones with 1012 (reconnect elsewhere); resolves once they are gone. */
  drain(): Promise<void>;
  close(): Promise<void>;
}

/** graphql-ws's per-socket extra, plus our session once the token checked out. */
type Extra = { socket: WebSocket; request: http.IncomingMessage; session?: SocketSession };

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
  const wss = new WebSocketServer({ noServer: true, maxPayload: MAX_MESSAGE_BYTES });
  let closing = false;

  const onUpgrade = (req: http.IncomingMessage, socket: Duplex, head: Buffer) => {
    const path = new URL(req.url ?? '/', 'http://localhost').pathname;
    if (path !== '/graphql') return refuseUpgrade(socket, '404 Not Found');
    if (closing) return refuseUpgrade(socket, '503 Service Unavailable', ['Retry-After: 1']);
    wss.handleUpgrade(req, socket, head, (ws) => wss.emit('connection', ws, req));
  };
  httpServer.on('upgrade', onUpgrade);

  const rules = [...specifiedRules, ...options.validationRules];
  const format = (errors: readonly GraphQLError[]) => errors.map((e) => options.formatError(e.toJSON(), e));

  useServer<Record<string, unknown>, Extra>(
    {
      schema,
      isProd: true,
      onConnect: async (ctx) => {
        const session = await authenticateSocket(ctx.extra.socket, ctx.connectionParams, services.tokens, hub, logger);
        if (!session) return false; // already closed with its own code; graphql-ws's 4403 finds it closing
        ctx.extra.session = session;
        return true;
      },
      onClose: (ctx) => ctx.extra.session?.end(),
      onSubscribe: (ctx, _id, payload) => {
        if (Object.keys(ctx.subscriptions).length > MAX_SUBSCRIPTIONS)
          return [new GraphQLError(`At most ${MAX_SUBSCRIPTIONS} subscriptions per connection`)];
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
          ip: ctx.extra.request.socket.remoteAddress ?? null,
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
    async close() {
      await drain();
      httpServer.off('upgrade', onUpgrade);
      await new Promise<void>((resolve) => wss.close(() => resolve()));
    },
  };
}
