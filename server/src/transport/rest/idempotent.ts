import type { Request, RequestHandler, Response } from 'express';
import { requestFingerprint, IdempotencyService, type Outcome } from '../../platform/idempotency';
import { markIdempotent } from './mount';
import { route } from './respond';

/** The services this adapter calls; the composition root passes them. */
export interface IdempotentDeps {
  idempotency: IdempotencyService;
}

/** What a request answered, and whether it was a replay of an earlier answer to the same key. */
export interface Answered {
  outcome: Outcome;
  replayed: boolean;
}

/**
 * Runs `handler` once per user and `Idempotency-Key` header (or plainly without one), with the
 * method, path and `input` as the fingerprint a retry must match.
 */
export async function answerOnce(
  services: IdempotentDeps,
  req: Request,
  input: unknown,
  handler: () => Promise<Outcome>,
): Promise<Answered> {
  const key = IdempotencyService.parseKey(req.get('idempotency-key'), 'Idempotency-Key');
  if (!key) return { outcome: await handler(), replayed: false };
  const fingerprint = requestFingerprint(`${req.method} ${req.baseUrl}${req.path}`, input ?? null);
  let replayed = true;
  const outcome = await services.idempotency.once({ userId: req.user!.id, key, fingerprint }, () => {
    replayed = false;
    return handler();
  });
  return { outcome, replayed };
}

/** Sends an answer, marking replays with `Idempotent-Replayed: true`. */
export function sendAnswered(res: Response, { outcome, replayed }: Answered): void {
  if (replayed) res.set('Idempotent-Replayed', 'true');
  res.status(outcome.status).json(outcome.body);
}

/**
 * A money route that honours an `Idempotency-Key` header (issue 11): with a key, the handler runs
 * at most once per user and key, and every retry gets the first answer (`Idempotent-Replayed:
 * true`); without one it runs as usual. Put it after the role guard: keys are per user.
 */
export function idempotentRoute(services: IdempotentDeps, handler: (req: Request) => Promise<Outcome>): RequestHandler {
  return markIdempotent(
    route(async (req, res) => sendAnswered(res, await answerOnce(services, req, req.body, () => handler(req)))),
  );
}
