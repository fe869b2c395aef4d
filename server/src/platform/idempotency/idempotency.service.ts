import { randomUUID } from 'node:crypto';
import type { DataSource } from 'typeorm';
import type { Clock } from '../../kernel/clock';
import { withAmbientTransaction } from '../../db/transaction';
import { sqlRows } from '../../db/sql';
import { AppError, ErrorCode, type FieldError } from '../../kernel/errors';
import { HOURLY_SECONDS, type ModuleWork } from '../jobs';

/** The first answer to a request, as every retry with its key gets it again. */
export interface Outcome {
  status: number;
  body: unknown;
}

/** Who asks, with which key, for what (see requestFingerprint). */
export interface IdempotentRequest {
  userId: string;
  key: string;
  fingerprint: string;
}

/** A stored refusal, replayed as the same AppError. */
interface StoredError {
  error: { code: ErrorCode; message: string; fields: FieldError[] };
}

/** Keys are opaque to us: 1-255 printable ASCII characters (a UUID per form submission is typical). */
const KEY_RE = /^[\x21-\x7e]{1,255}$/;

/** Refusals that depend on the moment, not on the request: never stored, a retry runs again. */
const TRANSIENT = new Set([ErrorCode.UNAUTHENTICATED, ErrorCode.FORBIDDEN, ErrorCode.RATE_LIMITED, ErrorCode.INTERNAL]);

/** How long a record is kept, how long a claim may run before another request takes it over, and how long a duplicate waits. */
export interface IdempotencyOptions {
  ttlHours: number;
  leaseSeconds: number;
  waitMs: number;
}

const isStoredError = (body: unknown): body is StoredError =>
  !!body && typeof body === 'object' && 'error' in body && typeof (body as StoredError).error?.code === 'string';

/**
 * Idempotency keys for money mutations (issue 11). The first request with a key claims it, runs
 * its work inside one database transaction together with the record of its outcome, and commits
 * both or neither; a retry with the same key gets that outcome and changes nothing; concurrent
 * duplicates wait for it (polling, holding no connection); the same key with another request is
 * 422. A claim whose request died is taken over after its lease, and a fencing token makes sure a
 * late owner cannot commit after that. Records live `ttlHours` per user.
 */
export class IdempotencyService {
  constructor(
    private readonly ds: DataSource,
    private readonly clock: Clock,
    private readonly options: IdempotencyOptions,
  ) {}

  /** The key of a request: null when none was sent, 422 when it isn't a usable key. */
  static parseKey(raw: unknown, field = 'idempotencyKey'): string | null {
    if (raw === undefined || raw === null || raw === '') return null;
    if (typeof raw !== 'string' || !KEY_RE.test(raw))
      throw AppError.field(field, 'Idempotency key must be 1 to 255 printable characters');
    return raw;
  }

  /** Runs `work` at most once for this (user, key) and returns its outcome to every caller. */
  async once(req: IdempotentRequest, work: () => Promise<Outcome>): Promise<Outcome> {
    const token = randomUUID();
    const deadline = Date.now() + this.options.waitMs;
    for (let pause = 20; ; pause = Math.min(pause * 2, 250)) {
      const state = await this.claim(req, token);
      if (state === 'mine') {
        const outcome = await this.runClaimed(req, token, work);
        if (outcome) return this.replay(outcome);
      } else if (state.fingerprint !== req.fingerprint) {
        throw AppError.field('idempotencyKey', 'This idempotency key was already used for a different request');
      } else if (state.done) {
        return this.replay(state.outcome!);
      }
      if (Date.now() > deadline)
        throw new AppError(ErrorCode.CONFLICT, 'A request with this idempotency key is still being processed');
      await new Promise((resolve) => setTimeout(resolve, pause));
    }
  }

  /** Drops records past their lifetime (the scheduled clean-up). */
  async removeExpired(): Promise<number> {
    const rows = await sqlRows<{ key: string }>(
      this.ds,
      `DELETE FROM idempotency_key WHERE expires_at < $1 RETURNING key`,
      [this.clock.now()],
    );
    return rows.length;
  }

  /**
   * Takes the key (new, expired, or abandoned by a request whose lease ran out), or reports who
   * has it: its fingerprint, and its outcome once done.
   */
  private async claim(
    req: IdempotentRequest,
    token: string,
  ): Promise<'mine' | { fingerprint: string; done: boolean; outcome: Outcome | null }> {
    const now = this.clock.now();
    const [row] = await sqlRows<{
      owner: string;
      fingerprint: string;
      state: string;
      status: number;
      response: unknown;
    }>(
      this.ds,
      `INSERT INTO idempotency_key AS k (user_id, key, fingerprint, state, owner, lease_until, expires_at)
       VALUES ($1, $2, $3, 'running', $4, $5::timestamptz + make_interval(secs => $6), $5::timestamptz + make_interval(hours => $7))
       ON CONFLICT (user_id, key) DO UPDATE SET
         fingerprint = excluded.fingerprint, state = 'running', owner = excluded.owner,
         lease_until = excluded.lease_until, expires_at = excluded.expires_at, status = NULL, response = NULL
       WHERE k.expires_at <= $5 OR (k.state = 'running' AND k.lease_until <= $5 AND k.fingerprint = excluded.fingerprint)
       RETURNING owner, fingerprint, state, status, response`,
      [req.userId, req.key, req.fingerprint, token, now, this.options.leaseSeconds, this.options.ttlHours],
    );
    if (row?.owner === token) return 'mine';
    const [held] = await sqlRows<{ fingerprint: string; state: string; status: number; response: unknown }>(
      this.ds,
      `SELECT fingerprint, state, status, response FROM idempotency_key WHERE user_id = $1 AND key = $2`,
      [req.userId, req.key],
    );
    if (!held) return { fingerprint: req.fingerprint, done: false, outcome: null }; // released meanwhile: try again
    const done = held.state === 'done';
    return { fingerprint: held.fingerprint, done, outcome: done ? { status: held.status, body: held.response } : null };
  }

  /**
   * Runs the work of a claimed key in one transaction with its record. A refusal that depends on
   * the request is recorded (after the rollback) and replayed; a transient failure releases the
   * key. Returns null when another request took the claim over meanwhile (we then wait for it).
   */
  private async runClaimed(
    req: IdempotentRequest,
    token: string,
    work: () => Promise<Outcome>,
  ): Promise<Outcome | null> {
    try {
      return await withAmbientTransaction(this.ds, async (m) => {
        const outcome = await work();
        const [stored] = await sqlRows(
          m,
          `UPDATE idempotency_key SET state = 'done', status = $4, response = $5::json, lease_until = NULL
            WHERE user_id = $1 AND key = $2 AND owner = $3 RETURNING key`,
          [req.userId, req.key, token, outcome.status, JSON.stringify(outcome.body ?? null)],
        );
        if (!stored) throw new LostClaim();
        return outcome;
      });
    } catch (err) {
      if (err instanceof LostClaim) return null;
      if (err instanceof AppError && !TRANSIENT.has(err.code) && err.httpStatus < 500) {
        const body: StoredError = { error: { code: err.code, message: err.message, fields: err.fields } };
        await this.ds.query(
          `UPDATE idempotency_key SET state = 'done', status = $4, response = $5::json, lease_until = NULL
            WHERE user_id = $1 AND key = $2 AND owner = $3`,
          [req.userId, req.key, token, err.httpStatus, JSON.stringify(body)],
        );
      } else {
        await this.ds
          .query(`DELETE FROM idempotency_key WHERE user_id = $1 AND key = $2 AND owner = $3`, [
            req.userId,
            req.key,
            token,
          ])
          .catch(() => undefined); // the lease lets a retry take over anyway
      }
      throw err;
    }
  }

  /** A stored outcome as the caller gets it: the answer, or the same refusal thrown again. */
  private replay(outcome: Outcome): Outcome {
    if (isStoredError(outcome.body)) {
      const { code, message, fields } = outcome.body.error;
      throw new AppError(code, message, fields);
    }
    return outcome;
  }
}

/** Our claim was taken over (our lease ran out): our work must not commit. */
class LostClaim extends Error {}

/** The idempotency records' own periodic work: records past their 24 hours are removed hourly. */
export const idempotencyWork = (idempotency: IdempotencyService): ModuleWork => ({
  periodic: [
    { name: 'idempotency.removeExpired', everySeconds: HOURLY_SECONDS, run: () => idempotency.removeExpired() },
  ],
});
