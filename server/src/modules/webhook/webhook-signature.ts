import { createHmac, randomBytes } from 'node:crypto';

/** Standard Webhooks' secret prefix: what follows it is the base64 of the signing key. */
export const WEBHOOK_SECRET_PREFIX = 'whsec_';

/** Random bytes in a signing key (Standard Webhooks asks for 24 to 64). */
const SECRET_BYTES = 32;

/** A new signing secret, `whsec_` + base64 of 32 random bytes: shown to its owner once, stored sealed. */
export function newWebhookSecret(): string {
  return WEBHOOK_SECRET_PREFIX + randomBytes(SECRET_BYTES).toString('base64');
}

/** The Standard Webhooks signature of one message: `v1,` + base64 HMAC-SHA256 of `id.timestamp.body`. */
export function signWebhook(secret: string, id: string, timestampSeconds: number, body: string): string {
  const key = Buffer.from(secret.slice(WEBHOOK_SECRET_PREFIX.length), 'base64');
  return `v1,${createHmac('sha256', key).update(`${id}.${timestampSeconds}.${body}`).digest('base64')}`;
}

/** The headers a delivery attempt carries: id, timestamp, and one signature per live secret (new first, space-separated). */
export function signedHeaders(
  secrets: readonly string[],
  id: string,
  timestampSeconds: number,
  body: string,
): Record<'webhook-id' | 'webhook-timestamp' | 'webhook-signature', string> {
  return {
    'webhook-id': id,
    'webhook-timestamp': String(timestampSeconds),
    'webhook-signature': secrets.map((s) => signWebhook(s, id, timestampSeconds, body)).join(' '),
  };
}
