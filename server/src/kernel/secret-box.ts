import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';

/** Format version of sealed values (the first dot-separated part). */
const VERSION = 'v1';

/**
 * Encrypts a secret at rest with AES-256-GCM under `key` (TOTP_ENCRYPTION_KEY: authenticator and
 * webhook signing secrets), bound to `context` (the owner's or the row's id),
 * so a sealed value copied to another user's row does not open. Output: `v1.iv.tag.ciphertext`.
 */
export function seal(key: Buffer, plaintext: string, context: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  cipher.setAAD(Buffer.from(context));
  const body = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
  return [VERSION, iv, cipher.getAuthTag(), body]
    .map((p) => (typeof p === 'string' ? p : p.toString('base64url')))
    .join('.');
}

/** Opens what `seal` produced with the same key and context; throws when anything was altered. */
export function open(key: Buffer, sealed: string, context: string): string {
  const [version, iv, tag, body] = sealed.split('.');
  if (version !== VERSION || !iv || !tag || body === undefined) throw new Error('unknown sealed secret format');
  const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
  decipher.setAAD(Buffer.from(context));
  decipher.setAuthTag(Buffer.from(tag, 'base64url'));
  return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString('utf8');
}
