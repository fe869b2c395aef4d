import type { NextFunction, Request, Response } from 'express';
import { Lexer, Source, TokenKind } from 'graphql';
import { AppError, ErrorCode, formattedAppError } from '../../kernel/errors';
import { sendError } from './respond';

/** Keys that reach an object's prototype when code merges, spreads or assigns a body. */
const PROTOTYPE_KEYS = new Set(['__proto__', 'constructor', 'prototype']);

/** Deepest nesting accepted: forms send three levels (`{ data: { wallet: { bitcoin } } }`). */
const MAX_BODY_DEPTH = 32;

const NUL = '\u0000';

/** A path as clients name fields: `data.wallet.bitcoin`, `list[1]`; a NUL is shown escaped. */
const join = (path: string, key: string | number) =>
  typeof key === 'number' ? `${path}[${key}]` : `${path ? `${path}.` : ''}${key.split(NUL).join('\\u0000')}`;

const nulError = (field: string) => AppError.field(field, `${field} must not contain NUL characters`);

/**
 * The first hostile thing in a parsed JSON value or query object, walked without recursion (a
 * deep body cannot exhaust the stack): a NUL in a string or key, nesting deeper than
 * MAX_BODY_DEPTH, and, when `prototypeKeys` is set, a key named `__proto__`, `constructor` or
 * `prototype`. Null when the value is clean.
 */
function findHostileValue(value: unknown, prototypeKeys: boolean): AppError | null {
  const stack: { value: unknown; path: string; depth: number }[] = [{ value, path: '', depth: 0 }];
  while (stack.length) {
    const { value: v, path, depth } = stack.pop()!;
    if (typeof v === 'string') {
      if (v.includes(NUL)) return nulError(path || 'body');
      continue;
    }
    if (v === null || typeof v !== 'object') continue;
    if (depth >= MAX_BODY_DEPTH)
      return AppError.field(path || 'body', 'Request body is nested too deeply', ErrorCode.BAD_REQUEST);
    const entries: [string | number, unknown][] = Array.isArray(v) ? v.map((item, i) => [i, item]) : Object.entries(v);
    for (const [key] of entries) {
      if (typeof key === 'number') continue;
      if (key.includes(NUL)) return nulError(join(path, key));
      if (prototypeKeys && PROTOTYPE_KEYS.has(key))
        return AppError.field(join(path, key), `"${key}" is not allowed as a key`, ErrorCode.BAD_REQUEST);
    }
    for (let i = entries.length - 1; i >= 0; i -= 1) {
      const [key, item] = entries[i];
      stack.push({ value: item, path: join(path, key), depth: depth + 1 });
    }
  }
  return null;
}

/**
 * True when a GraphQL document's string literal decodes to a NUL (`"\u0000"`, `"\u{0}"`): the JSON
 * body holds only the escape, so the walk above cannot see it. Unparsable documents are left to
 * Apollo, which reports them in its own words.
 */
function documentHasNul(query: unknown): boolean {
  if (typeof query !== 'string' || !query.includes('\\')) return false;
  const lexer = new Lexer(new Source(query));
  try {
    for (let token = lexer.advance(); token.kind !== TokenKind.EOF; token = lexer.advance()) {
      if (token.kind === TokenKind.STRING && token.value.includes(NUL)) return true;
    }
  } catch {
    return false;
  }
  return false;
}

/** What a request carries that no handler should see, or null. */
function hostileInRequest(req: Request): AppError | null {
  const body: unknown = req.body;
  const found = findHostileValue(body, true) ?? findHostileValue(req.query, false);
  if (found) return found;
  if (req.baseUrl !== '/graphql') return null;
  const query = (body as { query?: unknown } | undefined)?.query ?? req.query.query;
  return documentHasNul(query) ? nulError('query') : null;
}

/**
 * Runs after the JSON body parser on /api and /graphql: refuses prototype keys anywhere in the
 * body and NUL characters in any string or key of the body or query string, with a 400/422 that
 * names the field, in the error shape of the transport, before any route or resolver runs.
 */
export function hostileInputGuard(req: Request, res: Response, next: NextFunction): void {
  const err = hostileInRequest(req);
  if (!err) return next();
  if (req.baseUrl !== '/graphql') return sendError(res, err);
  res.status(err.httpStatus).json({ errors: [formattedAppError(err)] });
}
