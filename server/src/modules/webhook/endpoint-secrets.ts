import { open, seal, type SealingKeys } from '../../kernel/secret-box';
import type { SealedColumn } from '../../db/reseal';
import { signedHeaders } from './webhook-signature';

/** An endpoint's sealed secrets as stored: the current one, and the one before its last rotation while it still counts. */
export interface SealedSecrets {
  endpointId: string;
  secretSealed: string;
  previousSecretSealed: string | null;
  previousSecretExpiresAt: Date | null;
}

/** Binds a sealed secret to its endpoint row (a sealed value copied to another row does not open). */
const context = (endpointId: string) => `webhook_endpoint:${endpointId}`;

/** The sealed columns of webhook_endpoint, for the key rotation's re-seal pass (`npm run totp:rekey`). */
export const WEBHOOK_SEALED_COLUMNS: readonly SealedColumn[] = ['secret_sealed', 'previous_secret_sealed'].map(
  (column) => ({ table: 'webhook_endpoint', idColumn: 'id', column, context }),
);

/**
 * Signing secrets at rest: sealed with TOTP_ENCRYPTION_KEY (the project's one secret box), opened
 * only to sign an attempt. During the 24 hours after a rotation an attempt carries both signatures.
 */
export class EndpointSecrets {
  constructor(private readonly key: SealingKeys) {}

  /** The stored form of `secret` for endpoint `endpointId`. */
  seal(endpointId: string, secret: string): string {
    return seal(this.key, secret, context(endpointId));
  }

  /** The webhook-* headers of one attempt of delivery `deliveryId` at `now`, signed with every live secret. */
  headers(s: SealedSecrets, deliveryId: string, now: Date, body: string): Record<string, string> {
    const secrets = [open(this.key, s.secretSealed, context(s.endpointId))];
    if (s.previousSecretSealed && s.previousSecretExpiresAt && new Date(s.previousSecretExpiresAt) > now)
      secrets.push(open(this.key, s.previousSecretSealed, context(s.endpointId)));
    return signedHeaders(secrets, deliveryId, Math.floor(now.getTime() / 1000), body);
  }
}
