/** The entries of `values` that differ from `initial` (strings compared trimmed), for "only changed fields sent" (SPEC §5). */
export function diffValues<T extends Record<string, string | boolean>>(values: T, initial: T): Partial<T> {
  const out: Partial<T> = {};
  for (const key of Object.keys(values) as (keyof T)[]) {
    const value = values[key];
    const before = initial[key];
    const now = typeof value === 'string' ? value.trim() : value;
    const then = typeof before === 'string' ? before.trim() : before;
    if (now !== then) out[key] = now as T[keyof T];
  }
  return out;
}
