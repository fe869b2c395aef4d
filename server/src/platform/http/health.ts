/** One readiness check: resolves when the dependency works, rejects (or hangs) when it doesn't. */
export type ReadinessCheck = () => Promise<unknown>;

/** The outcome of each check, by name. */
export type ReadinessReport = Record<string, 'ok' | 'failing' | 'timeout'>;

/**
 * Runs every check in parallel, each bounded by `timeoutMs`, so `/readyz` always answers quickly
 * (a frozen database must make it say 503 within a second, not hang). Ready when all are ok.
 */
export async function readiness(
  checks: Record<string, ReadinessCheck>,
  timeoutMs: number,
): Promise<{ ready: boolean; checks: ReadinessReport }> {
  const entries = await Promise.all(
    Object.entries(checks).map(async ([name, check]) => {
      let timer: NodeJS.Timeout | undefined;
      const timeout = new Promise<'timeout'>((resolve) => (timer = setTimeout(() => resolve('timeout'), timeoutMs)));
      const outcome = await Promise.race([
        check().then(
          () => 'ok' as const,
          () => 'failing' as const,
        ),
        timeout,
      ]);
      clearTimeout(timer);
      return [name, outcome] as const;
    }),
  );
  const report = Object.fromEntries(entries) as ReadinessReport;
  return { ready: entries.every(([, outcome]) => outcome === 'ok'), checks: report };
}
