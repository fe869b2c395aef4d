import http from 'node:http';
import type { AddressInfo } from 'node:net';

/** Which backend served one request through the proxy. */
export interface ProxiedRequest {
  method: string;
  path: string;
  backend: number;
}

/** A load balancer for tests: strict round robin over `backends`, HTTP only, on loopback. */
export interface RoundRobinProxy {
  base: string;
  /** Every request so far, in order, with the index of the backend that served it. */
  log: ProxiedRequest[];
  close(): Promise<void>;
}

/**
 * Starts a minimal reverse proxy (node:http): each request goes to the next backend in turn, with
 * X-Forwarded-For/Proto set as a real balancer would, and the answer carries `x-backend: <index>`
 * so a test can see which instance answered. Bodies are streamed both ways.
 */
export async function startRoundRobinProxy(backends: string[]): Promise<RoundRobinProxy> {
  const log: ProxiedRequest[] = [];
  const agent = new http.Agent({ keepAlive: true });
  let next = 0;
  const server = http.createServer((req, res) => {
    const backend = next;
    next = (next + 1) % backends.length;
    log.push({ method: req.method ?? 'GET', path: req.url ?? '/', backend });
    const target = new URL(req.url ?? '/', backends[backend]);
    const upstream = http.request(
      target,
      {
        method: req.method,
        agent,
        headers: {
          ...req.headers,
          host: target.host,
          'x-forwarded-for': req.socket.remoteAddress ?? '127.0.0.1',
          'x-forwarded-proto': 'http',
        },
      },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, { ...answer.headers, 'x-backend': String(backend) });
        answer.pipe(res);
      },
    );
    upstream.on('error', () => {
      if (!res.headersSent) res.writeHead(502).end();
      else res.destroy();
    });
    req.pipe(upstream);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    base: `http://127.0.0.1:${port}`,
    log,
    async close() {
      agent.destroy();
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}
