import { z, type ZodType } from 'zod';
import { ErrorCode, SESSION_REFUSALS } from '../../../kernel/errors';

/**
 * The building blocks of the REST answers' schemas (issue 36). Objects are strict: a field the
 * facade sends but the contract does not name fails the contract test, so the document never
 * falls behind the code.
 */

/** A database id. */
export const Id = z.uuid();

/** A time as JSON sends a Date: ISO 8601 in UTC. */
export const Instant = z.iso.datetime({ offset: true });

/** US dollars with the transaction's 2 decimals ("4999.00"). */
export const Money2 = z
  .string()
  .regex(/^-?\d+\.\d{2}$/)
  .meta({ description: 'US dollars, exact, 2 decimals ("4999.00")' });

/** US dollars at the ledger's 5 decimals ("4999.00000"): account buckets, ledger amounts, profits. */
export const Money5 = z
  .string()
  .regex(/^-?\d+\.\d{5}$/)
  .meta({ description: 'US dollars, exact, the ledger\'s 5 decimals ("4999.00000")' });

/** Any exact decimal as text (percentages, coin amounts, prices). */
export const DecimalText = z
  .string()
  .regex(/^-?\d+(\.\d+)?$/)
  .meta({ description: 'An exact decimal as text' });

/** Nullable shorthand: the document says `type: [T, "null"]`. */
export const maybe = <T extends ZodType>(schema: T) => schema.nullable();

/**
 * Nullable for a schema with a component id: `anyOf: [$ref, null]`. (`maybe` on one would inline it
 * when described, or else wrap the $ref in an `allOf` that refuses null, or make the component nullable.)
 */
export const refOrNull = <T extends ZodType>(schema: T) => z.union([schema, z.null()]);

/** One item of the error list every failure answers with. */
export const ErrorItem = z
  .strictObject({
    error: z.string().meta({ description: 'What went wrong, for people' }),
    code: z.enum(Object.values(ErrorCode) as [ErrorCode, ...ErrorCode[]]),
    field: z.string().optional().meta({ description: 'The input field at fault' }),
    retryAfterSeconds: z.int().optional().meta({ description: 'RATE_LIMITED: seconds to wait (also Retry-After)' }),
    reason: z
      .enum(SESSION_REFUSALS)
      .optional()
      .meta({ description: 'UNAUTHENTICATED for a session token: why it no longer works' }),
    localizedMessage: z
      .string()
      .optional()
      .meta({ description: '`error` in the language of the request’s Accept-Language; absent without that header' }),
  })
  .meta({ id: 'ErrorItem' });

/** `{ errors: [...] }`: the shape of every 4xx and 5xx. */
export const ErrorAnswer = z.strictObject({ errors: z.array(ErrorItem).min(1) }).meta({ id: 'ErrorAnswer' });

/** Paging facts beside a list (`limit` repeats `pageSize` for the legacy admin tables). */
export const ListMeta = z
  .strictObject({
    total: z.int(),
    page: z.int(),
    pageSize: z.int(),
    limit: z.int(),
    totalCapped: z.boolean().optional().meta({ description: 'Admin searches count up to a cap: "at least total"' }),
    nextCursor: maybe(z.string()).optional().meta({ description: 'Send as `after` for the next page' }),
    prevCursor: maybe(z.string()).optional().meta({ description: 'Send as `before` for the previous page' }),
  })
  .meta({ id: 'ListMeta' });

/** Query parameters of a paged list: `page`, and the size as `limit` or `pageSize`. */
export const PagingQuery = z.object({
  page: z.string().regex(/^\d+$/).optional().meta({ description: 'Page number, from 1' }),
  limit: z.string().regex(/^\d+$/).optional().meta({ description: 'Page size (legacy name)' }),
  pageSize: z.string().regex(/^\d+$/).optional().meta({ description: 'Page size' }),
});

/** Admin lists also take a page's cursors (keyset paging). */
export const CursorPagingQuery = PagingQuery.extend({
  after: z.string().optional().meta({ description: "A page's nextCursor" }),
  before: z.string().optional().meta({ description: "A page's prevCursor" }),
});

/** `?sortDirection=` of the admin lists. */
export const SortDirectionQuery = z.enum(['asc', 'desc', 'ASC', 'DESC']).optional();

/** A token answer: a session token to send as `Authorization: Bearer`. */
export const TokenAnswer = z.strictObject({ token: z.string() }).meta({ id: 'Token' });

/** A zod enum of a TypeScript string enum's values. */
export const enumOf = <E extends Record<string, string>>(values: E) =>
  z.enum(Object.values(values) as [E[keyof E], ...E[keyof E][]]);
