import type { Router } from 'express';
import { withLegacyId } from '../../rest/presenters';
import { route, sendData } from '../../rest/respond';
import type { Services } from '../../services';
import { unwrapData } from '../../validation';

/** POST /api/contact `{ name, email, subject?, message }` -> 201 `{ data: { _id, id, receivedAt } }`. */
export function contactRoutes(router: Router, services: Services): void {
  router.post(
    '/contact',
    route(async (req, res) => {
      const receipt = await services.contact.send(unwrapData(req.body), { ip: req.ip ?? null });
      sendData(res, withLegacyId({ id: receipt.id, receivedAt: receipt.receivedAt.toISOString() }), 201);
    }),
  );
}
