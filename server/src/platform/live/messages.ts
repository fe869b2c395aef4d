/**
 * What travels between instances (issue 12): ids and kinds only, never bodies or amounts; each
 * instance reads what it shows from the database. A NOTIFY payload must stay under 8000 bytes.
 */
export type LiveUpdate =
  /** A notification row was created for the user (the subscriber reads it by id). */
  | { type: 'notification'; userId: string; id: string }
  /** Something changed the user's account or transactions: clients refetch them. */
  | { type: 'account'; userId: string; reason: string; transactionId: string | null }
  /** The user's token cut-off moved (password change or reset): their sockets re-check their tokens. */
  | { type: 'revoked'; userId: string };

/** One user's part of a payload: notification ids, account changes, and the revocation flag. */
interface Entry {
  n?: string[];
  a?: [string, string | null][];
  r?: 1;
}

/** Room left below PostgreSQL's 8000-byte payload limit. */
export const MAX_PAYLOAD_BYTES = 7500;

const bytes = (s: string) => Buffer.byteLength(s, 'utf8');

/** Each user's updates once (a batch may repeat the same account change), in arrival order. */
function perUser(updates: LiveUpdate[]): Map<string, Entry> {
  const users = new Map<string, Entry>();
  const seen = new Set<string>();
  for (const u of updates) {
    const key = JSON.stringify(u);
    if (seen.has(key)) continue;
    seen.add(key);
    const entry = users.get(u.userId) ?? {};
    users.set(u.userId, entry);
    if (u.type === 'notification') (entry.n ??= []).push(u.id);
    else if (u.type === 'account') (entry.a ??= []).push([u.reason, u.transactionId]);
    else entry.r = 1;
  }
  return users;
}

/** Splits one user's entry into pieces that each fit a payload of their own (hundreds of events for one user). */
function pieces(userId: string, entry: Entry, max: number): Entry[] {
  const overhead = bytes(`{"v":1,"u":{${JSON.stringify(userId)}:{"n":[],"a":[],"r":1}}}`);
  if (overhead + bytes(JSON.stringify(entry)) <= max) return [entry];
  const out: Entry[] = [];
  let piece: Entry = entry.r ? { r: 1 } : {};
  let size = overhead;
  const add = (atom: string, put: (p: Entry) => void) => {
    if (size + bytes(atom) + 1 > max && (piece.n || piece.a)) {
      out.push(piece);
      piece = {};
      size = overhead;
    }
    put(piece);
    size += bytes(atom) + 1;
  };
  for (const id of entry.n ?? []) add(JSON.stringify(id), (p) => (p.n ??= []).push(id));
  for (const change of entry.a ?? []) add(JSON.stringify(change), (p) => (p.a ??= []).push(change));
  out.push(piece);
  return out;
}

/**
 * The NOTIFY payloads of a batch: grouped per user and packed, so a sweep of hundreds of events
 * sends a handful of payloads, never one per event. Each payload stays under `max` bytes.
 */
export function encodeUpdates(updates: LiveUpdate[], max = MAX_PAYLOAD_BYTES): string[] {
  const payloads: string[] = [];
  let current: Record<string, Entry> = {};
  let size = bytes('{"v":1,"u":{}}');
  const flush = () => {
    if (Object.keys(current).length) payloads.push(JSON.stringify({ v: 1, u: current }));
    current = {};
    size = bytes('{"v":1,"u":{}}');
  };
  for (const [userId, entry] of perUser(updates)) {
    for (const piece of pieces(userId, entry, max)) {
      const pieceSize = bytes(JSON.stringify(userId)) + bytes(JSON.stringify(piece)) + 2;
      if (Object.hasOwn(current, userId) || size + pieceSize > max) flush();
      current[userId] = piece;
      size += pieceSize;
    }
  }
  flush();
  return payloads;
}

const isText = (v: unknown): v is string => typeof v === 'string' && v.length > 0 && v.length <= 64;

/** The updates of one payload; anything malformed is skipped (payloads come from our own SQL, but a bad one must not crash the listener). */
export function decodeUpdates(payload: string): LiveUpdate[] {
  let parsed: unknown;
  try {
    parsed = JSON.parse(payload);
  } catch {
    return [];
  }
  const users = (parsed as { v?: unknown; u?: unknown })?.u;
  if ((parsed as { v?: unknown }).v !== 1 || !users || typeof users !== 'object') return [];
  const updates: LiveUpdate[] = [];
  for (const [userId, raw] of Object.entries(users as Record<string, Entry>)) {
    if (!isText(userId) || !raw || typeof raw !== 'object') continue;
    for (const id of Array.isArray(raw.n) ? raw.n : [])
      if (isText(id)) updates.push({ type: 'notification', userId, id });
    for (const change of Array.isArray(raw.a) ? raw.a : []) {
      if (!Array.isArray(change) || !isText(change[0])) continue;
      const transactionId = isText(change[1]) ? change[1] : null;
      updates.push({ type: 'account', userId, reason: change[0], transactionId });
    }
    if (raw.r === 1) updates.push({ type: 'revoked', userId });
  }
  return updates;
}
