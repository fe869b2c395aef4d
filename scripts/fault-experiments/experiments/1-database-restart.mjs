// Experiment 1: a planned database restart under load.
import { now } from '../util.mjs';

/** `pg_ctl restart -m fast`: answers must be 503 with Retry-After meanwhile, never 500 or a hang. */
export default {
  id: 1,
  title: 'database restart',
  fault: 'pg_ctl restart -m fast (returns once PostgreSQL accepts connections again)',
  async run(ctx, rec, result) {
    result.faultStart = now();
    await ctx.pg.restartFast();
    result.faultEnd = now();
  },
};
