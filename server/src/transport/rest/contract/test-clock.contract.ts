import { z } from 'zod';
import { operation } from './operation';
import { Instant } from './shapes';

/** POST /api/test/clock: TEST ONLY (browser tests), mounted only with TEST_CLOCK_CONTROL; never in the document. */
export const advanceTestClock = operation({
  id: 'advanceTestClock',
  method: 'post',
  path: '/test/clock',
  tag: 'Settlements',
  summary: "Move the server's clock forward and run the settlement sweep (test servers only)",
  description:
    'Exists only when the server runs with `NODE_ENV=test` and `TEST_CLOCK_CONTROL=true` (404 otherwise). ' +
    '422 `advanceSeconds` unless a number from 0 to ten years.',
  auth: 'public',
  body: {
    json: z.object({
      advanceSeconds: z
        .number()
        .min(0)
        .max(10 * 365 * 24 * 3600),
    }),
  },
  ok: {
    status: 200,
    data: z.strictObject({ now: Instant, settled: z.int(), held: z.int(), due: z.int() }),
  },
  testOnly: true,
});
