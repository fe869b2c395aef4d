import type { EntityManager } from 'typeorm';
import { publishLive } from '../../platform/live';

/**
 * Ends every session of `userId` issued before now, in `m`'s transaction: the token cut-off moves
 * (tokens carry the old one and stop working on every instance, which hear of the change by the
 * row's NOTIFY), and open sockets re-check their tokens once this commits. The caller issues the
 * acting session a new token after the commit. Used by password changes and second-factor changes.
 */
export async function endSessions(m: EntityManager, userId: string): Promise<void> {
  await m.query(`UPDATE app_user SET tokens_valid_after = now(), updated_at = now() WHERE id = $1`, [userId]);
  await publishLive(m, [{ type: 'revoked', userId }]);
}
