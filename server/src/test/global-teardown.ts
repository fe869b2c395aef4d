/** Drops the run's database (or stops its embedded/container server). */
export default async function globalTeardown(): Promise<void> {
  await globalThis.__TEST_DB__?.dispose();
}
