import type { AnyObject, ObjectSchema, ValidationError } from 'yup';
import { AppError, ErrorCode } from './errors';

/**
 * Runs a shared yup schema (from `common`, the same one the client uses) on untrusted input.
 * Unknown keys are dropped; failures become one VALIDATION AppError listing every field.
 */
export async function validate<T extends AnyObject>(schema: ObjectSchema<T>, input: unknown): Promise<T> {
  if (input === null || typeof input !== 'object' || Array.isArray(input)) {
    throw new AppError(ErrorCode.BAD_REQUEST, 'Request body must be a JSON object');
  }
  try {
    return (await schema.validate(input, { abortEarly: false, stripUnknown: true })) as T;
  } catch (err) {
    const e = err as ValidationError;
    if (e?.name !== 'ValidationError') throw err;
    const fields = e.inner.length
      ? e.inner.map((i) => ({ field: i.path ?? '', message: i.message }))
      : [{ field: e.path ?? '', message: e.message }];
    const seen = new Set<string>();
    const unique = fields.filter((f) => (seen.has(f.field) ? false : (seen.add(f.field), true)));
    throw new AppError(ErrorCode.VALIDATION, unique[0].message, unique);
  }
}

/** Admin and profile edit bodies may arrive as the fields or wrapped as `{ "data": {...} }` (DESIGN §3). */
export function unwrapData(body: unknown): unknown {
  if (body && typeof body === 'object' && !Array.isArray(body)) {
    const keys = Object.keys(body);
    const data = (body as { data?: unknown }).data;
    if (keys.length === 1 && keys[0] === 'data' && data && typeof data === 'object') return data;
  }
  return body;
}
