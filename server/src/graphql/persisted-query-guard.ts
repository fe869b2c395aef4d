import { createHash } from 'node:crypto';
import type { NextFunction, Request, Response } from 'express';
import { AppError, ErrorCode } from '../errors';

/** A persisted query's hash as Apollo Client sends it (and Apollo Server computes it): SHA-256, lower-case hex. */
const SHA256_HEX = /^[0-9a-f]{64}$/;

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** The `extensions` and `query` of a GraphQL request, as Apollo reads them (POST body, or GET's query string). */
function sentRequest(req: Request): { extensions: unknown; query: unknown } | null {
  if (req.method === 'POST') {
    return isRecord(req.body) ? { extensions: req.body.extensions, query: req.body.query } : null;
  }
  if (req.method !== 'GET') return null;
  const at = req.url.indexOf('?');
  const params = new URLSearchParams(at < 0 ? '' : req.url.slice(at + 1));
  const raw = params.get('extensions');
  if (raw === null) return null;
  try {
    return { extensions: JSON.parse(raw), query: params.get('query') ?? undefined };
  } catch {
    return null; // Apollo answers 400 for `extensions` that is not JSON
  }
}

/** Why a persisted-query request is malformed, in Apollo's words where it has some; null: let Apollo answer. */
export function persistedQueryProblem(extensions: unknown, query: unknown): string | null {
  if (!isRecord(extensions) || !extensions.persistedQuery) return null; // Apollo ignores a falsy one
  const persisted = extensions.persistedQuery;
  if (!isRecord(persisted)) return 'extensions.persistedQuery must be an object';
  if (persisted.version !== 1) return 'Unsupported persisted query version';
  const hash = persisted.sha256Hash;
  if (typeof hash !== 'string' || !SHA256_HEX.test(hash))
    return 'extensions.persistedQuery.sha256Hash must be a SHA-256 digest: 64 lower-case hex characters';
  if (typeof query === 'string' && createHash('sha256').update(query).digest('hex') !== hash)
    return 'provided sha does not match query';
  return null;
}

/**
 * Answers a malformed automatic persisted query (APQ) with 400 BAD_REQUEST before Apollo sees it:
 * a hash that is not a SHA-256 hex digest (not a string, not hex, wrong length), an unsupported
 * version, or a query whose hash differs. Apollo raised the last two as errors without a code,
 * which the app's error formatting masked as "Internal server error"; and a malformed hash was
 * looked up in the cache as if it could ever be found. A well-formed unknown hash without a query
 * still gets Apollo's standard `PERSISTED_QUERY_NOT_FOUND`, so clients register the query.
 */
export function persistedQueryGuard(req: Request, _res: Response, next: NextFunction): void {
  const sent = sentRequest(req);
  const problem = sent && persistedQueryProblem(sent.extensions, sent.query);
  next(problem ? new AppError(ErrorCode.BAD_REQUEST, problem) : undefined);
}
