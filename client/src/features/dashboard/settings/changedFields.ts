/** The entries of `values` that differ from `initial` (trimmed), for "only changed fields sent" (SPEC §5). */
export function changedFields<T extends Record<string, string>>(values: T, initial: T): Partial<T> {
  const out: Partial<T> = {};
  for (const key of Object.keys(values) as (keyof T)[]) {
    const value = values[key].trim();
    if (value !== initial[key].trim()) out[key] = value as T[keyof T];
  }
  return out;
}
