import type { AnyObject, ObjectSchema } from 'yup';
import type { ZodObject, ZodType } from 'zod';
import type { AccessRule } from '../../../modules/identity';

/** The HTTP methods the facade uses. */
export type Method = 'get' | 'post' | 'put' | 'delete';

/** A request body: JSON described by a zod schema or by the shared yup schema the service checks it with, or a file upload. */
export type RequestBody =
  { json: ZodType } | { yup: ObjectSchema<AnyObject> } | { multipart: { field: string; description: string } };

/**
 * The success answer: `{ data }` (plus `meta` for paged lists) as JSON, or raw bytes (`binary`,
 * e.g. a served image; `media` lists the types it may be sent as, `image/*` when not given).
 * `status` is the code sent on success.
 */
export type SuccessAnswer =
  | { status: 200 | 201 | 202; data: ZodType; meta?: ZodType; raw?: false }
  | { status: 200; binary: string; media?: readonly string[] };

/**
 * One REST operation as the route table mounts it and the OpenAPI document describes it: the
 * single place its path, access rule, inputs and answers are written down. `mountRoutes` builds
 * the guard from `auth`, so what is documented is what is enforced.
 */
export interface Operation {
  /** OpenAPI operationId: unique, stable, used by client generators. */
  id: string;
  method: Method;
  /** Under /api, in express form (`/transaction/:id`). */
  path: string;
  tag: string;
  summary: string;
  description?: string;
  /** Who may call it (the guard's rule), or `public`. */
  auth: AccessRule | 'public';
  /** Honours an `Idempotency-Key` header (the handler must be an idempotent route). */
  idempotent?: boolean;
  /** Path parameters' descriptions by name (every `:name` in the path must be described). */
  params?: Record<string, string>;
  /** Query parameters (a zod object of optional strings, enums, numbers as sent in the URL). */
  query?: ZodObject;
  body?: RequestBody;
  /** The body's fields must be sent bare: a legacy `{ "data": {...} }` envelope is not unwrapped. */
  bareBody?: boolean;
  ok: SuccessAnswer;
  /** Error statuses beyond the ones every operation of its kind has (auth, body, rate limits). */
  errors?: readonly number[];
  /** Under a named rate limit budget (documented with 429). */
  limited?: boolean;
  /** Mounted only in test servers; left out of the document. */
  testOnly?: boolean;
}

/** Declares an operation (identity function: keeps the literal checked against `Operation`). */
export function operation(op: Operation): Operation {
  return op;
}

/** `/transaction/:id` → `/api/transaction/{id}` (the document's form). */
export function openApiPath(op: Pick<Operation, 'path'>): string {
  return `/api${op.path.replace(/:([A-Za-z]+)/g, '{$1}')}`;
}

/** The `:name` parameters of an express path. */
export function pathParams(op: Pick<Operation, 'path'>): string[] {
  return [...op.path.matchAll(/:([A-Za-z]+)/g)].map((m) => m[1]);
}
