import type { DataSource } from 'typeorm';
import type { Clock } from '../../kernel/clock';
import { AppError, ErrorCode, type SessionRefusal } from '../../kernel/errors';
import { sqlRows } from '../../db/sql';
import { inTransaction } from '../../db/transaction';
import { HOURLY_SECONDS, type ModuleWork } from '../../platform/jobs';
import { publishLive } from '../../platform/live';
import { describeDevice } from './device-name';
import type { RequestMeta } from './auth.types';
import { endSessions, type SessionEndReason } from './sessions';

/** A session's `last_used_at` is written at most this often: one UPDATE a minute per active session. */
export const SESSION_TOUCH_MS = 60_000;

/** The most sessions a list shows (newest use first); older open ones still work and can be ended all at once. */
const LISTED = 50;

/** Where a session token is being issued from: the request's client, and the session it continues. */
export interface SessionOrigin {
  ip?: string | null;
  userAgent?: string | null;
  /** The session a re-issued token continues (step-up, factor or password change); absent: a new sign-in. */
  sessionId?: string;
}

/**
 * The origin of a token issued for a request: its client (IP and User-Agent; GraphQL passes its
 * context, REST its request meta) and, when re-issued inside a session, that session's id.
 */
export function sessionOrigin(meta: RequestMeta, sessionId?: string): SessionOrigin {
  return { ip: meta.ip, userAgent: meta.userAgent ?? null, ...(sessionId ? { sessionId } : {}) };
}

/**
 * What a session check needs of one of the user's recent sessions (read with the caller, see
 * TokenService): whether it ended and why, and when its use was last recorded (moved forward in
 * memory when this instance records a use).
 */
export interface SessionState {
  endReason: SessionEndReason | null;
  lastUsedAt: Date;
}

/**
 * SQL (over `app_user u`) for the caller's row: the user's sessions whose tokens may still be
 * valid, as JSON `{ id: { endReason, lastUsedAt } }`.
 */
export const RECENT_SESSIONS_SQL = `(SELECT coalesce(json_object_agg(s.id, json_build_object('endReason', s.end_reason, 'lastUsedAt', s.last_used_at)), '{}'::json)
  FROM user_session s WHERE s.user_id = u.id AND s.expires_at > now() - interval '1 minute')`;

/**
 * SQL (over `app_user u`): why the user's sessions ended at the current token cut-off (their
 * `ended_at` is the cut-off's instant), for refusing a token issued before it; null if none did.
 */
export const CUT_OFF_REASON_SQL = `(SELECT s.end_reason FROM user_session s
  WHERE s.user_id = u.id AND s.ended_at = u.tokens_valid_after LIMIT 1)`;

/** The sessions of RECENT_SESSIONS_SQL's JSON, by id. */
export function recentSessions(json: unknown): Map<string, SessionState> {
  const entries = Object.entries(
    (json ?? {}) as Record<string, { endReason: SessionEndReason | null; lastUsedAt: string }>,
  );
  return new Map(entries.map(([id, s]) => [id, { endReason: s.endReason, lastUsedAt: new Date(s.lastUsedAt) }]));
}

/** The reason a client is told when a token's session has ended for `reason`. */
export function refusalFor(reason: SessionEndReason | null | undefined): SessionRefusal {
  return reason === 'password_changed' ? 'PASSWORD_CHANGED' : 'SESSION_REVOKED';
}

/** One open session as the owner's list shows it. */
export interface SessionInfo {
  id: string;
  device: string;
  ip: string | null;
  createdAt: Date;
  lastUsedAt: Date;
  /** The session of the request asking. */
  current: boolean;
}

/**
 * How long a session's row outlives its tokens: a month of "why was I signed out" for support and
 * the login page, then the hourly clean-up removes it (one row per sign-in would otherwise grow
 * without end). A token whose row is gone is refused as revoked, so nothing is reopened.
 */
export const SESSION_KEPT_DAYS = 30;

/** Rows one clean-up run removes at most: a short statement however far behind it is (the next run goes on). */
const REMOVE_BATCH = 10_000;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The `user_session` rows: one per sign-in, named by the `sid` claim of its tokens (TokenService
 * checks them with the caller's row, so a check costs no statement of its own). Records a
 * session's use at most once a minute; the owner lists their open sessions and ends one, the
 * others, or all. Ending any tells every instance (the row's trigger) and open sockets (`revoked`).
 */
export class SessionRecords {
  constructor(
    private readonly ds: DataSource,
    private readonly clock: Clock,
    /** This instance changed what a user's session checks read (the others hear the NOTIFY). */
    private readonly callerChanged: (userId: string) => void = () => undefined,
  ) {}

  /**
   * The session a token about to be issued names: `origin.sessionId` carried on with the new
   * expiry when it is still open (refused when it ended meanwhile), else a new row described from
   * the request's User-Agent and IP. `expiresAt` is the token's own (real-time) expiry.
   */
  async open(userId: string, origin: SessionOrigin, expiresAt: Date): Promise<string> {
    if (origin.sessionId) {
      const [row] = await sqlRows<{ id: string }>(
        this.ds,
        `UPDATE user_session SET expires_at = greatest(expires_at, $3), last_used_at = $4
          WHERE id = $1 AND user_id = $2 AND ended_at IS NULL RETURNING id`,
        [origin.sessionId, userId, expiresAt, this.clock.now()],
      );
      if (!row) throw await this.refusal(origin.sessionId, userId);
      return row.id;
    }
    const now = this.clock.now();
    const [row] = await sqlRows<{ id: string }>(
      this.ds,
      `INSERT INTO user_session (user_id, created_at, last_used_at, expires_at, device, ip)
       VALUES ($1, $2, $2, $3, $4, $5) RETURNING id`,
      [userId, now, expiresAt, describeDevice(origin.userAgent), origin.ip?.slice(0, 64) ?? null],
    );
    this.callerChanged(userId);
    return row.id;
  }

  /**
   * Records a use of the open session `sessionId` when its last record (`state`, shared by the
   * requests of this instance) is a minute old or more; otherwise costs nothing.
   */
  async touch(sessionId: string, state: SessionState): Promise<void> {
    const now = this.clock.now();
    if (now.getTime() - state.lastUsedAt.getTime() < SESSION_TOUCH_MS) return;
    // Marked first, so the requests that follow at once do not write too; another instance that
    // wrote within the minute makes this a no-op.
    state.lastUsedAt = now;
    await this.ds.query(
      `UPDATE user_session SET last_used_at = $2
        WHERE id = $1 AND last_used_at <= $2::timestamptz - make_interval(secs => $3)`,
      [sessionId, now, SESSION_TOUCH_MS / 1000],
    );
  }

  /** The user's open, unexpired sessions, `currentId` first, then most recently used. */
  async list(userId: string, currentId?: string): Promise<SessionInfo[]> {
    const rows = await sqlRows<{
      id: string;
      device: string;
      ip: string | null;
      created_at: Date;
      last_used_at: Date;
    }>(
      this.ds,
      `SELECT id, device, ip, created_at, last_used_at FROM user_session
        WHERE user_id = $1 AND ended_at IS NULL AND expires_at > now()
        ORDER BY (id = $2) IS TRUE DESC, last_used_at DESC, created_at DESC LIMIT ${LISTED}`,
      [userId, currentId ?? null],
    );
    return rows.map((r) => ({
      id: r.id,
      device: r.device,
      ip: r.ip,
      createdAt: r.created_at,
      lastUsedAt: r.last_used_at,
      current: r.id === currentId,
    }));
  }

  /** Signs out one of the user's own sessions; NOT_FOUND for another user's, an unknown or an ended one. */
  async end(userId: string, sessionId: string): Promise<void> {
    if (!UUID.test(sessionId)) throw new AppError(ErrorCode.NOT_FOUND, 'Session not found');
    const ended = await this.endWhere(userId, 'id = $3', [sessionId]);
    if (!ended) throw new AppError(ErrorCode.NOT_FOUND, 'Session not found');
  }

  /** Signs out every open session of the user but `keepId` ("sign out everywhere else"); how many ended. */
  endOthers(userId: string, keepId: string | undefined): Promise<number> {
    return this.endWhere(userId, 'id IS DISTINCT FROM $3::uuid', [keepId ?? null]);
  }

  /**
   * Signs out everywhere, the asking session included: every open session ends and the token
   * cut-off moves, so tokens from before sessions were recorded stop working too; how many ended.
   */
  async endAll(userId: string): Promise<number> {
    const ended = await inTransaction(this.ds, async (m) => {
      const [{ open }] = await sqlRows<{ open: number }>(
        m,
        `SELECT count(*)::int AS open FROM user_session WHERE user_id = $1 AND ended_at IS NULL AND expires_at > now()`,
        [userId],
      );
      await endSessions(m, userId, 'signed_out');
      return open;
    });
    this.callerChanged(userId);
    return ended;
  }

  /**
   * Ends the user's open sessions matching `condition` (parameters from $3) as signed out and tells
   * open sockets to re-check, in one transaction; this instance reads the caller again at once.
   */
  private async endWhere(userId: string, condition: string, params: unknown[]): Promise<number> {
    const ended = await inTransaction(this.ds, async (m) => {
      const rows = await sqlRows<{ id: string }>(
        m,
        `UPDATE user_session SET ended_at = $2, end_reason = 'signed_out'
          WHERE user_id = $1 AND ended_at IS NULL AND ${condition} RETURNING id`,
        [userId, this.clock.now(), ...params],
      );
      if (rows.length) await publishLive(m, [{ type: 'revoked', userId }]);
      return rows.length;
    });
    if (ended) this.callerChanged(userId);
    return ended;
  }

  /** Removes the rows of sessions whose tokens expired more than SESSION_KEPT_DAYS ago, REMOVE_BATCH at most; how many. */
  async removeExpired(): Promise<number> {
    const [row] = await sqlRows<{ removed: number }>(
      this.ds,
      `WITH gone AS (
         DELETE FROM user_session WHERE id IN (
           SELECT id FROM user_session WHERE expires_at < $1::timestamptz - make_interval(days => $2) LIMIT $3)
         RETURNING 1)
       SELECT count(*)::int AS removed FROM gone`,
      [this.clock.now(), SESSION_KEPT_DAYS, REMOVE_BATCH],
    );
    return row.removed;
  }

  /** The refusal for continuing `sessionId`: ended (with its reason) or not the user's. */
  private async refusal(sessionId: string, userId: string): Promise<AppError> {
    const [row] = await sqlRows<{ end_reason: SessionEndReason | null }>(
      this.ds,
      `SELECT end_reason FROM user_session WHERE id = $1 AND user_id = $2`,
      [sessionId, userId],
    );
    return AppError.sessionRefused(row ? refusalFor(row.end_reason) : 'SESSION_REVOKED');
  }
}

/** The hourly clean-up of old session rows, registered by the composition root with the other periodic work. */
export const sessionsWork = (sessions: SessionRecords): ModuleWork => ({
  periodic: [{ name: 'sessions.removeExpired', everySeconds: HOURLY_SECONDS, run: () => sessions.removeExpired() }],
});
