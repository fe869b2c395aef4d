import { z } from 'zod';
import { Role } from '../../../modules/user';
import { operation } from './operation';
import { Id, Instant, maybe } from './shapes';

const TAG = 'Sessions';

/** Signed in as a person (API keys get 403). */
const SIGNED_IN = { role: Role.USER } as const;

/** One open session of the caller's. */
const UserSession = z
  .strictObject({
    id: Id,
    device: z
      .string()
      .meta({ description: 'Browser and system from the User-Agent at sign-in, e.g. "Chrome on Linux"' }),
    ip: maybe(z.string()),
    createdAt: Instant,
    lastUsedAt: Instant.meta({ description: 'Updated at most once a minute' }),
    current: z.boolean().meta({ description: 'The session of this request' }),
  })
  .meta({ id: 'UserSession' });

/** How many sessions a sign-out ended. */
const Ended = z.strictObject({ ended: z.int() });

/** GET /api/user/sessions: the caller's open sessions. */
export const listMySessions = operation({
  id: 'listMySessions',
  method: 'get',
  path: '/user/sessions',
  tag: TAG,
  summary: 'Your open sessions (this one first, then by last use)',
  auth: SIGNED_IN,
  ok: { status: 200, data: z.array(UserSession) },
});

/** POST /api/user/sessions/end-others: sign out everywhere else. */
export const endOtherSessions = operation({
  id: 'endOtherSessions',
  method: 'post',
  path: '/user/sessions/end-others',
  tag: TAG,
  summary: 'Sign out every session but this one',
  description: 'Their next request answers 401 with `reason` `SESSION_REVOKED`; their live sockets close.',
  auth: SIGNED_IN,
  ok: { status: 200, data: Ended },
});

/** POST /api/user/sessions/end-all: sign out everywhere, this session included. */
export const endAllSessions = operation({
  id: 'endAllSessions',
  method: 'post',
  path: '/user/sessions/end-all',
  tag: TAG,
  summary: 'Sign out everywhere, this session included',
  description: 'Every token of the account stops working, also tokens issued before sessions were recorded.',
  auth: SIGNED_IN,
  ok: { status: 200, data: Ended },
});

/** DELETE /api/user/sessions/{id}: sign out one session. */
export const endSession = operation({
  id: 'endSession',
  method: 'delete',
  path: '/user/sessions/:id',
  tag: TAG,
  summary: 'Sign out one of your sessions',
  description: "404 for an unknown or ended session, and for another user's.",
  auth: SIGNED_IN,
  params: { id: 'The session id (from GET /api/user/sessions)' },
  ok: { status: 200, data: z.strictObject({ ended: z.literal(true) }) },
  errors: [404],
});
