import type { Router } from 'express';
import { withLegacyId } from './presenters';
import { route, sendData } from './respond';
import type { PlanService } from '../../modules/plan';

/** The services this adapter calls; the composition root passes them. */
export interface PlanRestDeps {
  plans: PlanService;
}

/** GET /api/plans -> `{ data: [plan] }` (DESIGN §3, a path the spec leaves open). */
export function planRoutes(router: Router, services: PlanRestDeps): void {
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
