import { ValidationError, type AnyObject, type ObjectSchema, type Schema } from 'yup';
import { AppError, ErrorCode, type FieldError } from './errors';

/** A JSON object (not an array, not null). */
const isPlainObject = (v: unknown): v is Record<string, unknown> =>
  v !== null && typeof v === 'object' && !Array.isArray(v);

/** True when `value` cannot be what a field of yup type `type` holds: JSON arrays and objects for scalars. */
function wrongType(type: string, value: unknown): boolean {
  if (value === undefined || value === null || type === 'mixed' || type === 'array' || type === 'lazy') return false;
  if (type === 'object') return !isPlainObject(value);
  return typeof value === 'object';
}

/** Answers no text field accepts as is: empty (required, minimum length) and a stray control character. */
const PROBES = ['', '\u0007'];

/**
 * The field's own message for a value of the wrong type: what it says about an empty or
 * nonsensical answer (e.g. 'Invalid email', 'invalid address'), else "<field> must be text".
 */
function wrongTypeMessage(field: Schema, name: string): string {
  if (field.type !== 'string') return `${name} has the wrong type`;
  for (const probe of PROBES) {
    try {
      field.validateSync(probe, { abortEarly: true });
    } catch (err) {
      if (ValidationError.isError(err) && err.errors[0]) return err.errors[0];
    }
  }
  return `${name} must be text`;
}

/**
 * Copies only the schema's own fields out of `input` (recursing into nested object fields) and
 * reports every field that holds a JSON array or object where a scalar belongs. Picking first
 * matters: yup's object cast looks each input key up in its field table, so a key named like an
 * Object.prototype member (`toString`, `constructor`) would crash it instead of being stripped.
 */
function knownFields(
  schema: ObjectSchema<AnyObject>,
  input: Record<string, unknown>,
  prefix = '',
): { value: Record<string, unknown>; problems: FieldError[] } {
  const value: Record<string, unknown> = {};
  const problems: FieldError[] = [];
  for (const [name, field] of Object.entries(schema.fields) as [string, Schema][]) {
    if (!Object.prototype.hasOwnProperty.call(input, name)) continue;
    const raw = input[name];
    const path = `${prefix}${name}`;
    if (wrongType(field.type, raw)) problems.push({ field: path, message: wrongTypeMessage(field, name) });
    else if (field.type === 'object' && isPlainObject(raw)) {
      const nested = knownFields(field as ObjectSchema<AnyObject>, raw, `${path}.`);
      value[name] = nested.value;
      problems.push(...nested.problems);
    } else value[name] = raw;
  }
  return { value, problems };
}

/** One VALIDATION AppError naming each failing field once, in order. */
function fieldsError(fields: FieldError[]): AppError {
  const seen = new Set<string>();
  const unique = fields.filter((f) => (seen.has(f.field) ? false : (seen.add(f.field), true)));
  return new AppError(ErrorCode.VALIDATION, unique[0].message, unique);
}

/**
 * Runs a shared yup schema (from `common`, the same one the client uses) on untrusted input.
 * Unknown keys are dropped; arrays or objects where text belongs, and every other failure, become
 * one VALIDATION AppError listing every field (never a TypeError from deep inside yup).
 */
export async function validate<T extends AnyObject>(schema: ObjectSchema<T>, input: unknown): Promise<T> {
  if (!isPlainObject(input)) {
    throw new AppError(ErrorCode.BAD_REQUEST, 'Request body must be a JSON object');
  }
  const { value, problems } = knownFields(schema as ObjectSchema<AnyObject>, input);
  if (problems.length) throw fieldsError(problems);
  try {
    return (await schema.validate(value, { abortEarly: false, stripUnknown: true })) as T;
  } catch (err) {
    if (!ValidationError.isError(err)) throw err;
    const fields = err.inner.length
      ? err.inner.map((i) => ({ field: i.path ?? '', message: i.message }))
      : [{ field: err.path ?? '', message: err.message }];
    throw fieldsError(fields);
  }
}

/**
 * A single body field a route reads itself (e.g. `trxType`, `status`): its text, undefined when
 * absent, and a VALIDATION error on the field for anything else (an array is not its only element).
 */
export function textField(body: unknown, field: string, message: string): string | undefined {
  const value = isPlainObject(body) && Object.prototype.hasOwnProperty.call(body, field) ? body[field] : undefined;
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'string') throw AppError.field(field, message);
  return value;
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
