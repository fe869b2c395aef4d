// Experiment 2: the database crashes under load and comes back through crash recovery.
import { setTimeout as sleep } from 'node:timers/promises';
import { now } from '../util.mjs';

/** SIGKILL to the postmaster, 2 s down, then a start: no money committed without an answer. */
export default {
  id: 2,
  title: 'database kill -9',
  fault: 'SIGKILL to the postmaster, 2 s down, then pg_ctl start (crash recovery)',
  async run(ctx, rec, result) {
    const pid = ctx.pg.postmasterPid();
    result.faultStart = now();
    process.kill(pid, 'SIGKILL');
    await sleep(2000);
    result.extra.startAttempts = await ctx.pg.startWithRetry(20_000);
    result.faultEnd = now();
  },
};
