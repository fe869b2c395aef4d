import { AppError } from '../../kernel/errors';
import type { OffsetClock } from '../../kernel/clock';
import type { SettlementService } from '../../modules/settlement';
import { unwrapData } from '../../kernel/validation';
import type { RestApi } from './mount';
import * as ops from './contract/test-clock.contract';
import { route, sendData } from './respond';

/** The services this adapter calls; the composition root passes them. */
export interface TestClockRestDeps {
  settlement: SettlementService;
  testClock: OffsetClock | null;
}

/** Ten years: more than any plan's term, small enough to stay a valid date. */
const MAX_ADVANCE_SECONDS = 10 * 365 * 24 * 3600;

/**
 * TEST ONLY: POST /api/test/clock `{ "advanceSeconds": n }` moves the clock forward, runs the
 * settlement sweep, and answers `{ data: { now, settled, held, due } }`. Mounted only when the
 * services were built with the offset clock (see createServices).
 */
export function testClockRoutes(api: RestApi, services: TestClockRestDeps): void {
  const clock = services.testClock;
  if (!clock) return;
  api.mount(
    ops.advanceTestClock,
    route(async (req, res) => {
      const body = unwrapData(req.body) as { advanceSeconds?: unknown } | undefined;
      const seconds = body?.advanceSeconds;
      if (typeof seconds !== 'number' || !Number.isFinite(seconds) || seconds < 0 || seconds > MAX_ADVANCE_SECONDS)
        throw AppError.field('advanceSeconds', `advanceSeconds must be a number from 0 to ${MAX_ADVANCE_SECONDS}`);
      clock.advance(seconds * 1000);
      const swept = await services.settlement.settleDue();
      sendData(res, { now: clock.now().toISOString(), ...swept });
    }),
  );
}
