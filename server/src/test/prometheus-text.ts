/** Reading a /metrics scrape (Prometheus text format 0.0.4) in tests. */

/** One sample: its metric name (with any _bucket/_sum/_count suffix), labels and value. */
export interface Sample {
  name: string;
  labels: Record<string, string>;
  value: number;
}

/** Every sample line of a scrape. */
export function allSamples(text: string): Sample[] {
  return text
    .split('\n')
    .filter((l) => l && !l.startsWith('#'))
    .map((l) => {
      const m = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\{(.*)\})? (\S+)$/.exec(l);
      if (!m) throw new Error(`not a sample line: ${l}`);
      const labels = Object.fromEntries(
        [...(m[2] ?? '').matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)].map((x) => [x[1], x[2]]),
      );
      return { name: m[1], labels, value: Number(m[3]) };
    });
}

/** The value of the sample of `name` whose labels include `labels` (undefined when there is none). */
export function sampleValue(text: string, name: string, labels: Record<string, string> = {}): number | undefined {
  return allSamples(text).find((s) => s.name === name && Object.entries(labels).every(([k, v]) => s.labels[k] === v))
    ?.value;
}

/** The series names a scrape declares, from its `# TYPE` lines, with the suffixes Prometheus stores (histogram `_bucket`, `_sum`, `_count`; summary `_sum`, `_count`), whether or not a sample was written yet. */
export function declaredNames(text: string): Set<string> {
  const names = new Set<string>();
  for (const [, name, type] of text.matchAll(/^# TYPE (\S+) (\S+)$/gm)) {
    names.add(name);
    if (type === 'histogram') for (const s of ['_bucket', '_sum', '_count']) names.add(`${name}${s}`);
    if (type === 'summary') for (const s of ['_sum', '_count']) names.add(`${name}${s}`);
  }
  return names;
}
