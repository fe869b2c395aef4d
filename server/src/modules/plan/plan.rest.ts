import type { Router } from 'express';
import { withLegacyId } from '../../rest/presenters';
import { route, sendData } from '../../rest/respond';
import type { Services } from '../../services';

/** GET /api/plans -> `{ data: [plan] }` (DESIGN §3, a path the spec leaves open). */
export function planRoutes(router: Router, services: Services): void {
  router.get(
    '/plans',
    route(async (_req, res) => {
      const plans = await services.plans.list();
      sendData(
        res,
        plans.map((p) =>
          withLegacyId({
            id: p.id,
            name: p.name,
            minAmount: p.minAmount,
            maxAmount: p.maxAmount,
            profitPercent: p.profitPercent,
            durationHours: p.durationHours,
            returnsPrincipal: p.returnsPrincipal,
          }),
        ),
      );
    }),
  );
}
