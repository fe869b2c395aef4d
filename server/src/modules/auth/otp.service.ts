import { createHmac, randomInt, timingSafeEqual } from 'node:crypto';
import type { DataSource, EntityManager } from 'typeorm';
import type { Clock } from '../../kernel/clock';
import type { OtpActivity } from '@cryptovest/common';
import { sqlRows } from '../../db/sql';
import { AppError } from '../../kernel/errors';
import { OtpCode } from './otp-code.entity';

/**
 * Codes live 10 minutes and die after 5 wrong tries (DESIGN §3). Re-sending is limited to once a
 * minute per address by the `codeResend` budget (limits/rate-limits.ts), before anything is issued.
 */
export const OTP_TTL_MINUTES = 10;
export const OTP_MAX_ATTEMPTS = 5;

/** The one message for every failed code check, so nothing is learnt from the difference. */
export const INVALID_CODE = 'Invalid or expired code';

/**
 * One-time codes: CSPRNG digits, stored as an HMAC bound to user and purpose, single use.
 * Every check first increments the code's attempt counter in one UPDATE, so parallel requests
 * and GraphQL aliases each spend a try; after the 5th, even the right code is refused.
 */
export class OtpService {
  /** Code hashing keys from the JWT secrets: the first hashes new codes, all check them (a rotation voids no code). */
  private readonly keys: Buffer[];

  constructor(
    private readonly ds: DataSource,
    secrets: readonly [string, ...string[]],
    private readonly length: number,
    private readonly clock: Clock,
  ) {
    this.keys = secrets.map((secret) => createHmac('sha256', secret).update('otp-code-key').digest());
  }

  private hash(userId: string, purpose: OtpActivity, code: string, key = this.keys[0]): string {
    return createHmac('sha256', key).update(`${userId}:${purpose}:${code}`).digest('hex');
  }

  /** Issues a fresh code, voiding older ones (callers apply the resend limit first). */
  async issue(userId: string, purpose: OtpActivity, manager: EntityManager = this.ds.manager): Promise<string> {
    const now = this.clock.now();
    const code = String(randomInt(0, 10 ** this.length)).padStart(this.length, '0');
    await manager.query(
      `UPDATE otp_code SET consumed_at = $3 WHERE user_id = $1 AND purpose = $2 AND consumed_at IS NULL`,
      [userId, purpose, now],
    );
    await manager.insert(OtpCode, {
      userId,
      purpose,
      codeHash: this.hash(userId, purpose, code),
      createdAt: now,
      expiresAt: new Date(now.getTime() + OTP_TTL_MINUTES * 60_000),
    });
    return code;
  }

  /** Spends one try on the newest live code; consumes it when right. Throws INVALID_CODE otherwise. */
  async consume(userId: string, purpose: OtpActivity, code: string): Promise<void> {
    const now = this.clock.now();
    const rows = await sqlRows<{ id: string; code_hash: string; attempts: number; expired: boolean }>(
      this.ds,
      `UPDATE otp_code SET attempts = attempts + 1
        WHERE id = (SELECT id FROM otp_code WHERE user_id = $1 AND purpose = $2 AND consumed_at IS NULL
                    ORDER BY created_at DESC LIMIT 1 FOR UPDATE)
        RETURNING id, code_hash, attempts, expires_at < $3 AS expired`,
      [userId, purpose, now],
    );
    const row = rows[0];
    if (!row || row.expired || row.attempts > OTP_MAX_ATTEMPTS) throw AppError.field('otp', INVALID_CODE);
    const expected = Buffer.from(row.code_hash, 'hex');
    const matches = this.keys.map((key) =>
      timingSafeEqual(expected, Buffer.from(this.hash(userId, purpose, code, key), 'hex')),
    );
    if (!matches.includes(true)) {
      if (row.attempts >= OTP_MAX_ATTEMPTS)
        await this.ds.query(`UPDATE otp_code SET consumed_at = $2 WHERE id = $1`, [row.id, now]);
      throw AppError.field('otp', INVALID_CODE);
    }
    const used = await sqlRows(
      this.ds,
      `UPDATE otp_code SET consumed_at = $2 WHERE id = $1 AND consumed_at IS NULL RETURNING id`,
      [row.id, now],
    );
    if (!used.length) throw AppError.field('otp', INVALID_CODE);
  }
}
