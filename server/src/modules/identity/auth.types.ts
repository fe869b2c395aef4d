import type { User } from '../user';

/** Where a request came from, for rate limits and the audit log. */
export interface RequestMeta {
  ip: string | null;
}

/** A signed-in session: the token and who it belongs to. */
export interface Session {
  token: string;
  user: User;
}
