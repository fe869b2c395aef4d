import { z } from 'zod';
import { operation } from './operation';
import { DecimalText, Id, maybe, Money2 } from './shapes';

/** GET /api/plans: the investment plans (DESIGN §3). */
export const listPlans = operation({
  id: 'listPlans',
  method: 'get',
  path: '/plans',
  tag: 'Plans',
  summary: 'The investment plans, cheapest first',
  auth: 'public',
  ok: {
    status: 200,
    data: z.array(
      z
        .strictObject({
          _id: Id,
          id: Id,
          name: z.string(),
          minAmount: Money2.meta({ description: 'Smallest deposit' }),
          maxAmount: maybe(Money2).meta({ description: 'Largest deposit; null means open-ended' }),
          profitPercent: DecimalText.meta({ description: 'Profit over the duration, in percent ("10.00")' }),
          durationHours: z.int(),
          returnsPrincipal: z.boolean().meta({ description: 'The deposit comes back to the balance with the profit' }),
        })
        .meta({ id: 'Plan' }),
    ),
  },
  // As on every /api path: a malformed JSON body is 400 (the JSON parser runs before any route).
});
