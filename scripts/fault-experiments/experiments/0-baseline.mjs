// Experiment 0: no fault, 4 s of load. The reference the fault experiments are read against; with
// the shared checks it also proves the money path works (withdrawals mostly answered 201).
import { setTimeout as sleep } from 'node:timers/promises';
import { now } from '../util.mjs';

/** The baseline: what clients see without a fault. */
export default {
  id: 0,
  title: 'baseline (no fault)',
  noFault: true,
  fault: 'none: 4 s of load',
  async run(ctx, rec, result) {
    result.faultStart = now();
    await sleep(4000);
    result.faultEnd = result.faultStart;
  },
};
