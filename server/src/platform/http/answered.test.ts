import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { onceAnswered } from './answered';

/** A real server whose handler `answer`s; each request's runs of `done` are recorded. */
async function serverRecording(answer: (res: http.ServerResponse) => void) {
  const runs: Array<{ finished: boolean }> = [];
  let handled: () => void = () => undefined;
  let settled: () => void = () => undefined;
  const held = new Promise<void>((resolve) => (handled = resolve));
  const closed = new Promise<void>((resolve) => (settled = resolve));
  const server = http.createServer((_req, res) => {
    onceAnswered(res, () => runs.push({ finished: res.writableFinished }));
    res.once('close', () => setImmediate(settled)); // after every listener of both events ran
    answer(res);
    handled();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
  const stop = () => {
    server.closeAllConnections();
    return new Promise((resolve) => server.close(resolve));
  };
  return { url, runs, held, closed, stop };
}

describe('onceAnswered', () => {
  it('runs once for an answer sent in full, though both finish and close fire', async () => {
    const s = await serverRecording((res) => res.end('ok'));
    try {
      expect(await (await fetch(s.url)).text()).toBe('ok');
      await s.closed;
      expect(s.runs).toEqual([{ finished: true }]);
    } finally {
      await s.stop();
    }
  });

  it('runs once, unfinished, when the client goes away before the answer', async () => {
    const s = await serverRecording(() => undefined); // never answers
    try {
      const aborted = new AbortController();
      const asked = fetch(s.url, { signal: aborted.signal }).catch(() => 'aborted');
      await s.held; // the server holds the request: its handler ran
      aborted.abort();
      expect(await asked).toBe('aborted');
      await s.closed;
      expect(s.runs).toEqual([{ finished: false }]);
    } finally {
      await s.stop();
    }
  });
});
