// Experiment 3: a deploy of one instance (SIGTERM to B under load), then B starts again.
import { setTimeout as sleep } from 'node:timers/promises';
import { isSuccess, readyz } from '../clients.mjs';
import { SERVER_TIMEOUTS } from '../instances.mjs';
import { now, tail } from '../util.mjs';

const sigtermAllowed = (r, result) =>
  // The stopped instance: its port was closed (refused), or an idle keep-alive socket was closed
  // as a request arrived on it (documented: such a request did not run). Never instance A.
  r.inst === 'B' &&
  r.t1 >= result.faultStart &&
  ['ECONNREFUSED', 'UND_ERR_SOCKET', 'ECONNRESET', 'EPIPE'].includes(r.error);

/** SIGTERM to B: /readyz 503 during the delay, exit 0, and A never fails a request. */
export default {
  id: 3,
  title: 'SIGTERM to instance B under load',
  fault: `SIGTERM to B (SHUTDOWN_DELAY_MS=${SERVER_TIMEOUTS.SHUTDOWN_DELAY_MS}); restarted once it exited`,
  allowNoResponse: sigtermAllowed,
  async run(ctx, rec, result) {
    const b = ctx.instances[1];
    result.faultStart = now();
    b.child.kill('SIGTERM');
    await sleep(300);
    const during = await readyz(b);
    result.extra.readyzDuringDelay = during.status;
    if (during.status !== 503) result.failures.push(`B /readyz during the delay answered ${during.status}, not 503`);
    const exit = await Promise.race([b.exited, sleep(30_000).then(() => null)]);
    if (!exit) {
      result.failures.push('B did not exit within 30 s of SIGTERM');
      b.child.kill('SIGKILL');
      await b.exited;
      result.faultEnd = now();
    } else {
      result.extra.exitCode = exit.code;
      result.extra.exitedAfterMs = exit.at - result.faultStart;
      if (exit.code !== 0) result.failures.push(`B exited with ${exit.code ?? exit.signal}, not 0`);
      result.faultEnd = exit.at;
    }
    const drainLog = tail(b.logFile, 20_000)
      .split('\n')
      .filter((l) => /drain timed out|error while draining/.test(l));
    if (drainLog.length) result.notes.push(`B log: ${drainLog.join(' | ')}`);
    await b.start(30_000);
    result.extra.restartedReadyAfterMs = now() - result.faultEnd;
    const aBad = rec.records.filter((r) => r.inst === 'A' && !isSuccess(r)).length;
    result.extra.instanceA_nonSuccess = aBad;
    if (aBad) result.failures.push(`instance A (not stopped) failed ${aBad} request(s)`);
  },
};
