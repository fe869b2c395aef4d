import type { ServerResponse } from 'node:http';

/**
 * Runs `done` once per request when its answer is over: after the last byte (`finish`), or when
 * the client went away first (`close` alone; `res.writableFinished` tells which). The access log
 * and the HTTP metrics both record a request at that moment.
 */
export function onceAnswered(res: ServerResponse, done: () => void): void {
  let ran = false;
  const once = () => {
    if (ran) return;
    ran = true;
    done();
  };
  res.once('finish', once);
  res.once('close', once);
}
