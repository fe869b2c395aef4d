import type { DataSource, EntityManager } from 'typeorm';
import type { Clock } from '../../kernel/clock';
import { sqlRows } from '../../db/sql';
import { hashRecoveryCode, normalizeRecoveryCode, randomGroupedCode } from './recovery-codes';

/** An enrolment code lives a day: long enough for an operator's hand-over, short for a leak. */
export const ENROLMENT_CODE_HOURS = 24;

/** Characters in an enrolment code without its dashes (four groups: about 79 random bits). */
const ENROLMENT_CODE_LENGTH = 16;

/** The refusal for an unknown, used, expired or someone else's enrolment code. */
export const ENROLMENT_CODE_INVALID = 'That enrolment code is not valid. Ask for a new one.';

/** The refusal when an administrator's first factor comes without an enrolment code. */
export const ENROLMENT_CODE_MISSING =
  'Enter the enrolment code from the e-mail we sent you (or from your operator): administrators need it for their first second factor';

/** True when `code` has the shape of an enrolment code (not an authenticator or recovery code). */
export function looksLikeEnrolmentCode(code: string): boolean {
  return normalizeRecoveryCode(code).length === ENROLMENT_CODE_LENGTH;
}

/**
 * One-time codes that let an administrator set up the first second factor: the password alone
 * must not be enough to turn a confined admin session into a proven one. A code is bound to one
 * account, works once, lives 24 hours, and a new code voids the older ones. Stored as SHA-256
 * hashes in `auth_challenge` (purpose `admin_enrolment`), so any instance can check them.
 */
export class EnrolmentCodes {
  constructor(
    private readonly ds: DataSource,
    private readonly clock: Clock,
  ) {}

  /** A new code for `userId` (older ones stop working); the returned text is the only copy. */
  async issue(userId: string, m: DataSource | EntityManager = this.ds): Promise<{ code: string; expiresAt: Date }> {
    const code = randomGroupedCode(ENROLMENT_CODE_LENGTH / 4);
    const now = this.clock.now();
    await m.query(
      `UPDATE auth_challenge SET used_at = $2 WHERE user_id = $1 AND purpose = 'admin_enrolment' AND used_at IS NULL`,
      [userId, now],
    );
    const [row] = await sqlRows<{ expires_at: Date }>(
      m,
      `INSERT INTO auth_challenge (user_id, purpose, token_hash, expires_at)
       VALUES ($1, 'admin_enrolment', $2, $3::timestamptz + make_interval(hours => $4)) RETURNING expires_at`,
      [userId, hashRecoveryCode(code), now, ENROLMENT_CODE_HOURS],
    );
    return { code, expiresAt: row.expires_at };
  }

  /**
   * Spends `code` of `userId` in `m`'s transaction (so it is used only if the enrolment it allows
   * commits); false when it is not an open code of this account.
   */
  async consume(m: EntityManager, userId: string, code: string): Promise<boolean> {
    if (!looksLikeEnrolmentCode(code)) return false;
    const rows = await sqlRows(
      m,
      `UPDATE auth_challenge SET used_at = $3
        WHERE user_id = $1 AND purpose = 'admin_enrolment' AND token_hash = $2 AND used_at IS NULL AND expires_at > $3
        RETURNING id`,
      [userId, hashRecoveryCode(code), this.clock.now()],
    );
    return rows.length === 1;
  }
}
