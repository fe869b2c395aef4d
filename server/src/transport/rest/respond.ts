import type { NextFunction, Request, RequestHandler, Response } from 'express';
import { infrastructureError, logInfrastructureFailure } from '../../db/infrastructure-errors';
import { rateLimitHeaders } from '../../kernel/allowance';
import { AppError, ErrorCode, INTERNAL_MESSAGE, RETRY_AFTER_SECONDS, type SessionRefusal } from '../../kernel/errors';
import type { Page } from '../../kernel/paging';
import { askedLocale, localizedFor } from '../../kernel/answer-language';
import type { Logger } from '../../kernel/logger';
import { databaseInputError, logDatabaseRefusal } from '../../db/database-input-errors';

/** One item of the legacy error list (SPEC §8: each item has an `error` field). */
export interface RestErrorItem {
  error: string;
  code: ErrorCode;
  field?: string;
  /** RATE_LIMITED: whole seconds to wait (also the `Retry-After` header), so clients can count down. */
  retryAfterSeconds?: number;
  /** UNAUTHENTICATED for a session token: why it no longer works (expired, ended, password changed). */
  reason?: SessionRefusal;
  /** `error` in the language the request asked for (`Accept-Language`); absent when it asked none. */
  localizedMessage?: string;
}

/** Paging facts sent beside a list as `meta` (legacy clients read only `data`). */
export interface ListMeta {
  total: number;
  page: number;
  pageSize: number;
  /** Admin searches count only up to a cap; true means "at least total". */
  totalCapped?: boolean;
  /** Admin lists: send as `after` (`before`) for the next (previous) page; null when there is none. */
  nextCursor?: string | null;
  prevCursor?: string | null;
}

/** The `meta` of a page from the service layer (every REST list sends the same four facts). */
export function pageMeta(page: Page<unknown>): ListMeta {
  const meta: ListMeta = { total: page.total, page: page.page, pageSize: page.pageSize, totalCapped: page.totalCapped };
  // Only lists paged by keyset have cursors; the others' meta stays as it was.
  if (page.nextCursor !== undefined || page.prevCursor !== undefined)
    Object.assign(meta, { nextCursor: page.nextCursor ?? null, prevCursor: page.prevCursor ?? null });
  return meta;
}

/**
 * Success shape of every REST path: `{ "data": ... }`, plus `meta` for paged lists, where
 * `limit` repeats `pageSize` under the name the admin tables' legacy clients use.
 */
export function sendData(res: Response, data: unknown, status = 200, meta?: ListMeta): void {
  res.status(status).json(meta ? { data, meta: { ...meta, limit: meta.pageSize } } : { data });
}

/**
 * Error shape of every REST path: `{ "errors": [{ "error", "code", "field"?, "retryAfterSeconds"?,
 * "localizedMessage"? }] }`; a 503 and a 429 that knows its wait say when to retry (`Retry-After`).
 * `error` stays English; a request with `Accept-Language` also gets it in that language.
 */
export function sendError(res: Response, err: AppError): void {
  if (err.code === ErrorCode.UNAVAILABLE) res.set('Retry-After', String(RETRY_AFTER_SECONDS));
  const wait = err.retryAfterSeconds;
  if (wait !== undefined) res.set('Retry-After', String(wait));
  if (err.allowance) res.setHeaders(new Map(rateLimitHeaders(err.allowance)));
  const extra = {
    ...(wait !== undefined ? { retryAfterSeconds: wait } : {}),
    ...(err.reason ? { reason: err.reason } : {}),
  };
  const locale = askedLocale(res.req?.headers['accept-language']);
  const items: RestErrorItem[] = err.fields.length
    ? err.fields.map((f) => ({
        error: f.message,
        code: err.code,
        field: f.field,
        ...extra,
        ...localizedFor(locale, f.message),
      }))
    : [{ error: err.message, code: err.code, ...extra, ...localizedFor(locale, err.message) }];
  res.status(err.httpStatus).json({ errors: items });
}

/**
 * Maps body-parser and other middleware failures, PostgreSQL data errors caused by input, and
 * infrastructure failures (database down or frozen: UNAVAILABLE) to AppErrors; everything unknown
 * is INTERNAL.
 */
export function toAppError(err: unknown): AppError | null {
  if (err instanceof AppError) return err;
  const data = databaseInputError(err);
  if (data) return data;
  const infrastructure = infrastructureError(err);
  if (infrastructure) return infrastructure;
  const e = err as { type?: string; status?: number; message?: string };
  if (e?.type === 'entity.parse.failed') return new AppError(ErrorCode.BAD_REQUEST, 'Malformed JSON in request body');
  if (e?.type === 'entity.too.large') return new AppError(ErrorCode.PAYLOAD_TOO_LARGE, 'Request body is too large');
  if (e?.type === 'encoding.unsupported' || e?.type === 'charset.unsupported') {
    return new AppError(ErrorCode.BAD_REQUEST, 'Unsupported request body encoding');
  }
  if (typeof e?.status === 'number' && e.status >= 400 && e.status < 500) {
    return new AppError(ErrorCode.BAD_REQUEST, e.message || 'Bad request');
  }
  return null;
}

/** Wraps an async route so thrown AppErrors become the legacy error shape. */
export function route(handler: (req: Request, res: Response) => Promise<unknown>): RequestHandler {
  return (req, res, next) => {
    handler(req, res).catch(next);
  };
}

/** Final REST error middleware: known errors keep their status; unknown ones are logged and masked. */
export function restErrorHandler(logger: Logger) {
  return (err: unknown, req: Request, res: Response, _next: NextFunction): void => {
    const known = toAppError(err);
    if (known && databaseInputError(err)) logDatabaseRefusal(logger, err, `${req.method} ${req.path}`);
    if (known?.code === ErrorCode.UNAVAILABLE && !(err instanceof AppError))
      logInfrastructureFailure(logger, err, `${req.method} ${req.path}`);
    if (known) return sendError(res, known);
    logger.error({ err }, 'unexpected REST error');
    sendError(res, new AppError(ErrorCode.INTERNAL, INTERNAL_MESSAGE));
  };
}
