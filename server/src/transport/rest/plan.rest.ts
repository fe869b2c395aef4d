import type { RestApi } from './mount';
import * as ops from './contract/plan.contract';
import { withLegacyId } from './presenters';
import { route, sendData } from './respond';
import type { PlanService } from '../../modules/plan';

/** The services this adapter calls; the composition root passes them. */
export interface PlanRestDeps {
  plans: PlanService;
}

/** GET /api/plans -> `{ data: [plan] }` (DESIGN §3, a path the spec leaves open). */
export function planRoutes(api: RestApi, services: PlanRestDeps): void {
  api.mount(
    ops.listPlans,
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
