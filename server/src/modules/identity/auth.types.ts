import type { User } from '../user';

/** Where a request came from, for rate limits and the audit log. */
export interface RequestMeta {
  ip: string | null;
  /** The client's User-Agent, described in the session list when a request signs in. */
  userAgent?: string | null;
}

/** A signed-in session: the token and who it belongs to. */
export interface Session {
  token: string;
  user: User;
}
