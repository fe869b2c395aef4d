import type { Router } from 'express';
import { withLegacyId } from './presenters';
import { route, sendData } from './respond';
import type { ContactService } from '../../modules/contact';
import { unwrapData } from '../../kernel/validation';

/** The services this adapter calls; the composition root passes them. */
export interface ContactRestDeps {
  contact: ContactService;
}

/** POST /api/contact `{ name, email, subject?, message }` -> 201 `{ data: { _id, id, receivedAt } }`. */
export function contactRoutes(router: Router, services: ContactRestDeps): void {
  router.post(
    '/contact',
    route(async (req, res) => {
      const receipt = await services.contact.send(unwrapData(req.body), { ip: req.ip ?? null });
      sendData(res, withLegacyId({ id: receipt.id, receivedAt: receipt.receivedAt.toISOString() }), 201);
    }),
  );
}
