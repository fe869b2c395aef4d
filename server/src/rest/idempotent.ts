import type { Request, RequestHandler } from 'express';
import { requestFingerprint } from '../modules/idempotency/fingerprint';
import { IdempotencyService, type Outcome } from '../modules/idempotency/idempotency.service';
import type { Services } from '../services';
import { route } from './respond';

/**
 * A money route that honours an `Idempotency-Key` header (issue 11): with a key, the handler runs
 * at most once per user and key, and every retry gets the first answer (`Idempotent-Replayed:
 * true`); without one it runs as usual. Put it after the role guard: keys are per user.
 */
export function idempotentRoute(services: Services, handler: (req: Request) => Promise<Outcome>): RequestHandler {
  return route(async (req, res) => {
    const key = IdempotencyService.parseKey(req.get('idempotency-key'), 'Idempotency-Key');
    if (!key) {
      const outcome = await handler(req);
      return void res.status(outcome.status).json(outcome.body);
    }
    const fingerprint = requestFingerprint(`${req.method} ${req.baseUrl}${req.path}`, req.body ?? null);
    let ranHere = false;
    const outcome = await services.idempotency.once({ userId: req.user!.id, key, fingerprint }, () => {
      ranHere = true;
      return handler(req);
    });
    if (!ranHere) res.set('Idempotent-Replayed', 'true');
    res.status(outcome.status).json(outcome.body);
  });
}
