import http from 'node:http';
import https from 'node:https';
import { guardedLookup, ipLiteralHost, refusedAddress, type ResolveAll, TargetRefusedError } from './target-guard';

/** Sent with every delivery, so receivers can tell our requests apart in their logs. */
export const WEBHOOK_USER_AGENT = 'CryptoVest-Webhooks/1.0 (+https://www.standardwebhooks.com)';

/** How a delivery connects: the time it may take, how names resolve, and whether the address rules are lifted. */
export interface PostOptions {
  timeoutMs: number;
  resolveAll: ResolveAll;
  /** WEBHOOK_ALLOW_PRIVATE_TARGETS: no address is refused. */
  allowPrivateTargets: boolean;
}

/** The receiver did not answer within the timeout (a hang is a failure like any other). */
export class WebhookTimeoutError extends Error {
  readonly code = 'ETIMEDOUT';
  constructor(ms: number) {
    super(`no answer within ${ms} ms`);
  }
}

/**
 * POSTs `body` as JSON to `url` once and resolves with the answer's status code (any code: the
 * caller decides; redirects are never followed). Rejects on a refused target, a connection error
 * or the timeout, which covers everything from the lookup to the answer's headers. Each delivery
 * opens its own connection (no pooled socket from an earlier lookup), and unless private targets
 * are allowed every address is checked: IP-literal hosts here (Node does not look them up), names
 * in the lookup.
 */
export function postWebhook(
  url: URL,
  body: string,
  headers: Record<string, string>,
  { timeoutMs, resolveAll, allowPrivateTargets }: PostOptions,
): Promise<number> {
  const literal = ipLiteralHost(url);
  const reason = literal && !allowPrivateTargets ? refusedAddress(literal) : null;
  if (literal && reason) return Promise.reject(new TargetRefusedError(literal, literal, reason));
  const send = url.protocol === 'https:' ? https.request : http.request;
  return new Promise<number>((resolve, reject) => {
    const req = send(url, {
      method: 'POST',
      agent: false,
      lookup: guardedLookup(resolveAll, { check: !allowPrivateTargets }),
      headers: {
        ...headers,
        'content-type': 'application/json',
        'content-length': Buffer.byteLength(body),
        'user-agent': WEBHOOK_USER_AGENT,
      },
    });
    const timer = setTimeout(() => req.destroy(new WebhookTimeoutError(timeoutMs)), timeoutMs);
    req.on('response', (res) => {
      clearTimeout(timer);
      resolve(res.statusCode ?? 0);
      // The answer's body is not needed: drop it, and the connection, whatever it holds.
      res.on('error', () => undefined);
      res.destroy();
    });
    req.on('error', (err) => {
      clearTimeout(timer);
      reject(err);
    });
    req.end(body);
  });
}
