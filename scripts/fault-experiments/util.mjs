// Small helpers every part of the fault experiments uses: the clock, free ports, log tails, error
// codes, counting, and the clean-ups that stop everything at the end.
import fs from 'node:fs';
import net from 'node:net';
import { percentile } from '../../bench/lib.mjs';

/** Milliseconds since the epoch: every record and fault boundary is on this one clock. */
export const now = () => Date.now();

/** bench/lib.mjs's percentile, but null (not undefined) for no values, so reports say so. */
export const pct = (values, p) => (values.length ? percentile(values, p) : null);

/** A TCP port free on loopback right now: everything the experiments start gets its own. */
export async function freePort() {
  const server = net.createServer();
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address();
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** The end of a log file, to show why a server or PostgreSQL failed. */
export function tail(file, bytes = 3000) {
  try {
    return fs.readFileSync(file, 'utf8').slice(-bytes);
  } catch {
    return '(no log)';
  }
}

/** The error code under fetch's "fetch failed" (ECONNREFUSED, ECONNRESET, UND_ERR_SOCKET...), to label no-responses. */
export function causeCode(err) {
  return err?.cause?.code ?? err?.cause?.name ?? err?.code ?? err?.name ?? String(err);
}

/** `{ label: count }` of records by their label, for the tables of statuses. */
export function countLabels(records) {
  const counts = {};
  for (const r of records) counts[r.label] = (counts[r.label] ?? 0) + 1;
  return counts;
}

/** Clean-ups run last-in first-out, each on its own (one failing never skips the others). */
const cleanups = [];

/** Registers how to stop or remove something just started, so a failure or Ctrl-C still cleans it up. */
export function onCleanup(name, fn) {
  cleanups.push([name, fn]);
}

/** Runs every registered clean-up, newest first, reporting (not throwing) the ones that fail. */
export async function cleanupAll() {
  while (cleanups.length) {
    const [name, fn] = cleanups.pop();
    try {
      await fn();
    } catch (err) {
      console.error(`clean-up "${name}" failed: ${err.message}`);
    }
  }
}
