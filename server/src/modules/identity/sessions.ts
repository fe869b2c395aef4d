import type { EntityManager } from 'typeorm';
import { publishLive } from '../../platform/live';

/** Why a session ended (`user_session.end_reason`): signed out by its owner, a password change, a factor change. */
export type SessionEndReason = 'signed_out' | 'password_changed' | 'security_changed';

/**
 * Ends every session of `userId` issued before now, in `m`'s transaction: the token cut-off moves
 * (tokens carry the old one and stop working on every instance, which hear of the change by the
 * row's NOTIFY), the open session rows end with `reason` at that same instant (so a refused
 * token can say why), and open sockets re-check their tokens once this commits. `keepSessionId`:
 * the acting session's row stays open; the caller issues it a new token after the commit. Used by
 * password changes (`password_changed`) and second-factor changes.
 */
export async function endSessions(
  m: EntityManager,
  userId: string,
  reason: SessionEndReason = 'security_changed',
  keepSessionId?: string,
): Promise<void> {
  await m.query(`UPDATE app_user SET tokens_valid_after = now(), updated_at = now() WHERE id = $1`, [userId]);
  await m.query(
    `UPDATE user_session SET ended_at = now(), end_reason = $2
      WHERE user_id = $1 AND ended_at IS NULL AND id IS DISTINCT FROM $3::uuid`,
    [userId, reason, keepSessionId ?? null],
  );
  await publishLive(m, [{ type: 'revoked', userId }]);
}
