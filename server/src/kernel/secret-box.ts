import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';

/**
 * The keys secrets at rest are sealed with (TOTP_ENCRYPTION_KEY and TOTP_ENCRYPTION_KEYS_PREVIOUS):
 * `current` seals, every key opens. Rotating the key adds one without voiding what the old one
 * sealed; `npm run totp:rekey` then re-seals everything under `current` (docs/operations.md).
 */
export interface SealingKeys {
  current: Buffer;
  previous: readonly Buffer[];
}

/** Format of values sealed before keys had ids: `v1.iv.tag.ciphertext` (opened by trying each key). */
const LEGACY = 'v1';
/** Format naming its key: `v2.keyId.iv.tag.ciphertext`. */
const VERSION = 'v2';

/**
 * A key's public id: the first 8 base64url characters of SHA-256("secret-box:" + key). It tells
 * which key sealed a value without revealing the key (and without a setting to keep in step).
 */
export function sealingKeyId(key: Buffer): string {
  return createHash('sha256').update('secret-box:').update(key).digest('base64url').slice(0, 8);
}

/** One key, or the current key with the previous ones. */
function ring(keys: Buffer | SealingKeys): SealingKeys {
  return Buffer.isBuffer(keys) ? { current: keys, previous: [] } : keys;
}

/**
 * Encrypts a secret at rest with AES-256-GCM under the current key (authenticator and webhook
 * signing secrets), bound to `context` (the owner's or the row's id), so a sealed value copied to
 * another user's row does not open. Output: `v2.keyId.iv.tag.ciphertext`.
 */
export function seal(keys: Buffer | SealingKeys, plaintext: string, context: string): string {
  const key = ring(keys).current;
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  cipher.setAAD(Buffer.from(context));
  const body = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
  return [VERSION, sealingKeyId(key), ...[iv, cipher.getAuthTag(), body].map((p) => p.toString('base64url'))].join('.');
}

function openWith(key: Buffer, iv: string, tag: string, body: string, context: string): string {
  const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
  decipher.setAAD(Buffer.from(context));
  decipher.setAuthTag(Buffer.from(tag, 'base64url'));
  return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString('utf8');
}

/**
 * Opens what `seal` produced with the key that sealed it (current or previous) and the same
 * context; throws when anything was altered or the key is no longer configured.
 */
export function open(keys: Buffer | SealingKeys, sealed: string, context: string): string {
  const { current, previous } = ring(keys);
  const all = [current, ...previous];
  const parts = sealed.split('.');
  if (parts[0] === VERSION && parts.length === 5) {
    const [, keyId, iv, tag, body] = parts as [string, string, string, string, string];
    const key = all.find((k) => sealingKeyId(k) === keyId);
    if (!key) throw new Error(`sealed under key ${keyId}, which is not configured (TOTP_ENCRYPTION_KEYS_PREVIOUS)`);
    return openWith(key, iv, tag, body, context);
  }
  if (parts[0] === LEGACY && parts.length === 4) {
    const [, iv, tag, body] = parts as [string, string, string, string];
    for (const key of all) {
      try {
        return openWith(key, iv, tag, body, context);
      } catch {
        // the next key, if any
      }
    }
    throw new Error('sealed secret does not open with any configured key');
  }
  throw new Error('unknown sealed secret format');
}

/** True when `sealed` is not yet under the current key (a `totp:rekey` pass re-seals it). */
export function sealedUnderOldKey(keys: SealingKeys, sealed: string): boolean {
  const parts = sealed.split('.');
  return !(parts[0] === VERSION && parts[1] === sealingKeyId(keys.current));
}
