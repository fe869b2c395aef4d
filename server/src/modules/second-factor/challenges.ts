import { createHash, randomBytes } from 'node:crypto';
import type { DataSource, EntityManager } from 'typeorm';
import type { Clock } from '../../kernel/clock';
import { sqlRows } from '../../db/sql';
import { AppError } from '../../kernel/errors';

/** A sign-in ticket lives 5 minutes: long enough to open an authenticator app, short for a thief. */
export const TICKET_MINUTES = 5;

/** What a challenge is for (`admin_enrolment` codes live in enrolment-codes.ts). */
export type ChallengePurpose = 'sign_in' | 'passkey_register' | 'step_up' | 'admin_enrolment';

/** The WebAuthn ceremonies of a signed-in user whose challenge is kept until answered. */
export type CeremonyPurpose = 'passkey_register' | 'step_up';

/** The refusal for an unknown, used or expired ticket. */
export const TICKET_EXPIRED = 'This sign-in step has expired. Enter your password again.';

const sha256 = (s: string) => createHash('sha256').update(s).digest('hex');

/** An open challenge: whose it is and the WebAuthn challenge stored with it (if any). */
export interface OpenChallenge {
  id: string;
  userId: string;
  challenge: string | null;
  expiresAt: Date;
}

/**
 * Short-lived, single-use challenges in the database (so any instance can finish what another
 * began): the "second factor required" sign-in ticket, and WebAuthn challenges. Only the
 * ticket's hash is stored.
 */
export class AuthChallenges {
  constructor(
    private readonly ds: DataSource,
    private readonly clock: Clock,
  ) {}

  /** Opens a sign-in ticket for `userId`; the returned secret is the only copy. */
  async openTicket(userId: string): Promise<{ ticket: string; expiresAt: Date }> {
    const ticket = randomBytes(32).toString('base64url');
    const [row] = await sqlRows<{ expires_at: Date }>(
      this.ds,
      `INSERT INTO auth_challenge (user_id, purpose, token_hash, expires_at)
       VALUES ($1, 'sign_in', $2, $3::timestamptz + make_interval(mins => $4)) RETURNING expires_at`,
      [userId, sha256(ticket), this.clock.now(), TICKET_MINUTES],
    );
    return { ticket, expiresAt: row.expires_at };
  }

  /** The open ticket, or a field error: unknown, used and expired tickets answer alike. */
  async ticket(ticket: string): Promise<OpenChallenge> {
    const [row] = await sqlRows<{ id: string; user_id: string; challenge: string | null; expires_at: Date }>(
      this.ds,
      `SELECT id, user_id, challenge, expires_at FROM auth_challenge
        WHERE token_hash = $1 AND purpose = 'sign_in' AND used_at IS NULL AND expires_at > $2`,
      [sha256(String(ticket)), this.clock.now()],
    );
    if (!row) throw AppError.field('ticket', TICKET_EXPIRED);
    return { id: row.id, userId: row.user_id, challenge: row.challenge, expiresAt: row.expires_at };
  }

  /** Stores the WebAuthn challenge of a ticket's passkey step (a new one replaces the old). */
  async setTicketChallenge(id: string, challenge: string): Promise<void> {
    await this.ds.query(`UPDATE auth_challenge SET challenge = $2 WHERE id = $1`, [id, challenge]);
  }

  /**
   * Uses the ticket up: true for exactly one caller, so one ticket yields at most one session. In
   * `m`'s transaction when given, so a second factor spent with it rolls back together.
   */
  async useTicket(id: string, m: DataSource | EntityManager = this.ds): Promise<boolean> {
    const rows = await sqlRows(
      m,
      `UPDATE auth_challenge SET used_at = $2 WHERE id = $1 AND used_at IS NULL AND expires_at > $2 RETURNING id`,
      [id, this.clock.now()],
    );
    return rows.length === 1;
  }

  /** Remembers a WebAuthn challenge given to `userId` for `purpose` (a new passkey, or a step-up). */
  async openCeremony(userId: string, purpose: CeremonyPurpose, challenge: string): Promise<void> {
    await this.ds.query(
      `INSERT INTO auth_challenge (user_id, purpose, token_hash, challenge, expires_at)
       VALUES ($1, $2, $3, $4, $5::timestamptz + make_interval(mins => $6))`,
      [userId, purpose, sha256(challenge), challenge, this.clock.now(), TICKET_MINUTES],
    );
  }

  /** Takes (once) the open `purpose` challenge `challenge` of `userId`; false when there is none. */
  async takeCeremony(userId: string, purpose: CeremonyPurpose, challenge: string): Promise<boolean> {
    const rows = await sqlRows(
      this.ds,
      `UPDATE auth_challenge SET used_at = $4
        WHERE token_hash = $3 AND user_id = $1 AND purpose = $2 AND used_at IS NULL AND expires_at > $4
        RETURNING id`,
      [userId, purpose, sha256(challenge), this.clock.now()],
    );
    return rows.length === 1;
  }

  /** Deletes challenges that ended more than a day ago (run by the scheduler). */
  async removeExpired(): Promise<number> {
    const rows = await sqlRows(
      this.ds,
      `DELETE FROM auth_challenge WHERE expires_at < $1::timestamptz - interval '1 day' RETURNING id`,
      [this.clock.now()],
    );
    return rows.length;
  }
}
