import type { RestApi } from './mount';
import * as ops from './contract/contact.contract';
import { withLegacyId } from './presenters';
import { route, sendData } from './respond';
import type { ContactService } from '../../modules/contact';
import { unwrapData } from '../../kernel/validation';

/** The services this adapter calls; the composition root passes them. */
export interface ContactRestDeps {
  contact: ContactService;
}

/** POST /api/contact `{ name, email, subject?, message }` -> 201 `{ data: { _id, id, receivedAt } }`. */
export function contactRoutes(api: RestApi, services: ContactRestDeps): void {
  api.mount(
    ops.sendContactMessage,
    route(async (req, res) => {
      const receipt = await services.contact.send(unwrapData(req.body), { ip: req.ip ?? null });
      sendData(res, withLegacyId({ id: receipt.id, receivedAt: receipt.receivedAt.toISOString() }), 201);
    }),
  );
}
