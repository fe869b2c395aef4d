import http, { type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';

/** One request the receiver got: its headers and the exact body bytes (as text, for signature checks). */
export interface ReceivedWebhook {
  path: string;
  headers: IncomingHttpHeaders;
  body: string;
}

/** How the receiver answers one request: a status code, a redirect, or never (a receiver that hangs). */
export type Answer = number | 'hang' | { redirect: string };

/** A real HTTP receiver of webhooks on 127.0.0.1 for tests, recording every request it gets. */
export interface WebhookReceiver {
  /** `http://127.0.0.1:<port>/hook` */
  url: string;
  port: number;
  received: ReceivedWebhook[];
  /** The next requests are answered in this order, then with `fallback` (default 204). */
  answer(...plan: Answer[]): void;
  /** Answers after this many milliseconds (a slow receiver, so racing senders overlap). */
  delayMs: number;
  /** Waits until at least `count` requests arrived (polling, with a deadline). */
  waitFor(count: number, timeoutMs?: number): Promise<ReceivedWebhook[]>;
  close(): Promise<void>;
}

/** Starts a receiver on a free loopback port; every request gets the next planned answer. */
export async function startWebhookReceiver(fallback: Answer = 204): Promise<WebhookReceiver> {
  const received: ReceivedWebhook[] = [];
  const plan: Answer[] = [];
  const receiver = {} as WebhookReceiver;
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      received.push({ path: req.url ?? '', headers: req.headers, body: Buffer.concat(chunks).toString('utf8') });
      const answer = plan.length ? plan.shift()! : fallback;
      if (answer === 'hang') return; // never answers; closed by close()
      const send = () => {
        if (typeof answer === 'number') res.writeHead(answer).end(answer >= 200 && answer < 300 ? '' : 'no');
        else res.writeHead(302, { location: answer.redirect }).end();
      };
      if (receiver.delayMs) setTimeout(send, receiver.delayMs);
      else send();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return Object.assign(receiver, {
    url: `http://127.0.0.1:${port}/hook`,
    port,
    received,
    delayMs: 0,
    answer: (...answers: Answer[]) => void plan.push(...answers),
    async waitFor(count: number, timeoutMs = 10_000) {
      const deadline = Date.now() + timeoutMs;
      while (received.length < count) {
        if (Date.now() > deadline) throw new Error(`receiver got ${received.length} of ${count} requests in time`);
        await new Promise((r) => setTimeout(r, 20));
      }
      return received;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  });
}
