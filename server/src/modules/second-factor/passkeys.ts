import {
  type AuthenticationResponseJSON,
  type AuthenticatorTransportFuture,
  generateAuthenticationOptions,
  generateRegistrationOptions,
  type RegistrationResponseJSON,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
} from '@simplewebauthn/server';
import type { DataSource, EntityManager } from 'typeorm';
import type { Config } from '../../kernel/config';
import { sqlRows } from '../../db/sql';
import { AppError, ErrorCode } from '../../kernel/errors';
import type { Clock } from '../../kernel/clock';
import type { AuthChallenges } from './challenges';

/** The refusal for any passkey answer that does not check out. */
export const PASSKEY_FAILED = 'That passkey could not be verified. Try again.';

/** A stored passkey as lists show it (never its key material). */
export interface PasskeyInfo {
  id: string;
  name: string;
  createdAt: Date;
  lastUsedAt: Date | null;
}

interface PasskeyRow {
  id: string;
  credential_id: string;
  public_key: Buffer;
  counter: string;
  transports: string[];
}

/** Parses a browser's JSON answer; a malformed one is the user's problem, never a 500. */
function parseResponse<T>(json: string, field: string): T {
  try {
    const value = JSON.parse(json) as T & { id?: unknown; response?: unknown };
    if (value && typeof value.id === 'string' && typeof value.response === 'object') return value;
  } catch {
    /* answered below */
  }
  throw AppError.field(field, PASSKEY_FAILED);
}

/** The challenge a browser signed, read from its clientDataJSON (checked again by the verifier). */
function signedChallenge(response: { response?: { clientDataJSON?: unknown } }): string {
  try {
    const data = JSON.parse(Buffer.from(String(response.response?.clientDataJSON), 'base64url').toString('utf8'));
    return String(data.challenge ?? '');
  } catch {
    return '';
  }
}

/**
 * Passkeys (WebAuthn) as a second factor: registration in Settings, assertion during sign-in.
 * Bound to PUBLIC_URL's origin and host (the relying party); challenges are single use and
 * stored in the database, so any instance can finish a ceremony another began.
 */
export class Passkeys {
  constructor(
    private readonly ds: DataSource,
    private readonly config: Pick<Config, 'webauthn' | 'site'>,
    private readonly challenges: AuthChallenges,
    private readonly clock: Clock,
  ) {}

  /** The user's passkeys, oldest first. */
  async list(userId: string): Promise<PasskeyInfo[]> {
    const rows = await sqlRows<{ id: string; name: string; created_at: Date; last_used_at: Date | null }>(
      this.ds,
      `SELECT id, name, created_at, last_used_at FROM passkey WHERE user_id = $1 ORDER BY created_at, id`,
      [userId],
    );
    return rows.map((r) => ({ id: r.id, name: r.name, createdAt: r.created_at, lastUsedAt: r.last_used_at }));
  }

  private rows(userId: string): Promise<PasskeyRow[]> {
    return sqlRows<PasskeyRow>(
      this.ds,
      `SELECT id, credential_id, public_key, counter, transports FROM passkey WHERE user_id = $1`,
      [userId],
    );
  }

  /** Options for `navigator.credentials.create()` (JSON), remembering their challenge. */
  async registrationOptions(user: { id: string; email: string; fullName: string }): Promise<string> {
    const existing = await this.rows(user.id);
    const options = await generateRegistrationOptions({
      rpName: this.config.site.brandName,
      rpID: this.config.webauthn.rpId,
      userName: user.email,
      userDisplayName: user.fullName,
      userID: new Uint8Array(Buffer.from(user.id.replace(/-/g, ''), 'hex')),
      attestationType: 'none',
      excludeCredentials: existing.map((p) => ({
        id: p.credential_id,
        transports: p.transports as AuthenticatorTransportFuture[],
      })),
      authenticatorSelection: { residentKey: 'preferred', userVerification: 'preferred' },
    });
    await this.challenges.openCeremony(user.id, 'passkey_register', options.challenge);
    return JSON.stringify(options);
  }

  /** Verifies the browser's answer to `registrationOptions` and stores the new passkey (in `m`'s transaction). */
  async register(userId: string, name: string, responseJson: string, m: EntityManager): Promise<PasskeyInfo> {
    const response = parseResponse<RegistrationResponseJSON>(responseJson, 'response');
    const challenge = signedChallenge(response);
    if (!challenge || !(await this.challenges.takeCeremony(userId, 'passkey_register', challenge)))
      throw AppError.field('response', 'This passkey request has expired. Try again.');
    let verified;
    try {
      verified = await verifyRegistrationResponse({
        response,
        expectedChallenge: challenge,
        expectedOrigin: this.config.webauthn.origin,
        expectedRPID: this.config.webauthn.rpId,
        requireUserVerification: false,
      });
    } catch {
      throw AppError.field('response', PASSKEY_FAILED);
    }
    if (!verified.verified) throw AppError.field('response', PASSKEY_FAILED);
    const { credential } = verified.registrationInfo;
    try {
      const [row] = await sqlRows<{ id: string; created_at: Date }>(
        m,
        `INSERT INTO passkey (user_id, credential_id, public_key, counter, transports, name)
         VALUES ($1, $2, $3, $4, $5, $6) RETURNING id, created_at`,
        [
          userId,
          credential.id,
          Buffer.from(credential.publicKey),
          credential.counter,
          credential.transports ?? [],
          name,
        ],
      );
      return { id: row.id, name, createdAt: row.created_at, lastUsedAt: null };
    } catch (err) {
      if ((err as { code?: string }).code === '23505')
        throw AppError.field('response', 'This passkey is already registered');
      throw err;
    }
  }

  /** Removes one of the user's passkeys (in `m`'s transaction); false when it was not theirs or is gone. */
  async remove(userId: string, id: string, m: EntityManager): Promise<boolean> {
    const rows = await sqlRows(m, `DELETE FROM passkey WHERE id = $1 AND user_id = $2 RETURNING id`, [id, userId]);
    return rows.length === 1;
  }

  /** Options for `navigator.credentials.get()` during sign-in (JSON); the challenge joins the ticket. */
  async signInOptions(userId: string, ticketId: string): Promise<string> {
    const options = await this.assertionOptions(userId);
    await this.challenges.setTicketChallenge(ticketId, options.challenge);
    return JSON.stringify(options);
  }

  /** Options to prove a passkey again inside a session (a step-up); the challenge is kept 5 minutes. */
  async stepUpOptions(userId: string): Promise<string> {
    const options = await this.assertionOptions(userId);
    await this.challenges.openCeremony(userId, 'step_up', options.challenge);
    return JSON.stringify(options);
  }

  /** Checks a step-up assertion: its challenge must be one given to `userId` for a step-up, unused. */
  async verifyStepUp(userId: string, responseJson: string): Promise<void> {
    const challenge = signedChallenge(parseResponse<AuthenticationResponseJSON>(responseJson, 'response'));
    if (!challenge || !(await this.challenges.takeCeremony(userId, 'step_up', challenge)))
      throw AppError.field('response', 'This passkey request has expired. Try again.');
    await this.verifySignIn(userId, challenge, responseJson);
  }

  private async assertionOptions(userId: string) {
    const passkeys = await this.rows(userId);
    if (!passkeys.length)
      throw new AppError(ErrorCode.CONFLICT, 'This account has no passkey: use your authenticator or a recovery code');
    return generateAuthenticationOptions({
      rpID: this.config.webauthn.rpId,
      allowCredentials: passkeys.map((p) => ({
        id: p.credential_id,
        transports: p.transports as AuthenticatorTransportFuture[],
      })),
      userVerification: 'preferred',
    });
  }

  /** Checks a sign-in assertion against the ticket's challenge and the user's passkey; throws on any mismatch. */
  async verifySignIn(userId: string, expectedChallenge: string | null, responseJson: string): Promise<void> {
    const response = parseResponse<AuthenticationResponseJSON>(responseJson, 'response');
    const passkey = (await this.rows(userId)).find((p) => p.credential_id === response.id);
    if (!passkey || !expectedChallenge) throw AppError.field('response', PASSKEY_FAILED);
    let result;
    try {
      result = await verifyAuthenticationResponse({
        response,
        expectedChallenge,
        expectedOrigin: this.config.webauthn.origin,
        expectedRPID: this.config.webauthn.rpId,
        credential: {
          id: passkey.credential_id,
          publicKey: new Uint8Array(passkey.public_key),
          counter: Number(passkey.counter),
          transports: passkey.transports as AuthenticatorTransportFuture[],
        },
        requireUserVerification: false,
      });
    } catch {
      throw AppError.field('response', PASSKEY_FAILED);
    }
    if (!result.verified) throw AppError.field('response', PASSKEY_FAILED);
    await this.ds.query(`UPDATE passkey SET counter = $2, last_used_at = $3 WHERE id = $1`, [
      passkey.id,
      result.authenticationInfo.newCounter,
      this.clock.now(),
    ]);
  }
}
