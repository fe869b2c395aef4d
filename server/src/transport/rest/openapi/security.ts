import type { Operation } from '../contract/operation';
import { Role } from '../../../modules/user';

/** How callers prove who they are: a session token, or an API key (issue 16). */
export const SECURITY_SCHEMES = {
  session: {
    type: 'http',
    scheme: 'bearer',
    bearerFormat: 'JWT',
    description:
      'A session token from `POST /api/user/login` (or the second-factor step), sent as `Authorization: Bearer <token>`.',
  },
  apiKey: {
    type: 'apiKey',
    in: 'header',
    name: 'X-Api-Key',
    description:
      'An API key (`cvk_…`, made in Settings → API keys), sent as `X-Api-Key` or as `Authorization: Bearer cvk_…`. ' +
      'The requirement lists the scopes that open the operation (any one of them).',
  },
} as const;

/** Who each role means, in the document's words. */
const ROLE_WORDS: Record<Role, string> = {
  [Role.USER]: 'any signed-in user',
  [Role.INVESTOR]: 'investors',
  [Role.ADMIN]: 'administrators (in a session opened with their second factor)',
};

/** The security requirement of `op`: none when public; a session, or a key holding one of its scopes. */
export function securityOf(op: Operation): Record<string, string[]>[] {
  if (op.auth === 'public') return [];
  const scopes = op.auth.scopes ?? [];
  return scopes.length ? [{ session: [] }, { apiKey: [...scopes] }] : [{ session: [] }];
}

/** One line saying who may call `op`, for people reading the reference. */
export function describeAccess(op: Operation): string {
  if (op.auth === 'public') return '**Access:** public.';
  const scopes = op.auth.scopes?.length
    ? `API keys with scope ${op.auth.scopes.map((s) => `\`${s}\``).join(' or ')}.`
    : 'Not with an API key.';
  return `**Access:** ${ROLE_WORDS[op.auth.role]}. ${scopes}`;
}
