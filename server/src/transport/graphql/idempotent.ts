import { requestFingerprint, IdempotencyService } from '../../platform/idempotency';

/** The services this adapter calls; the composition root passes them. */
export interface IdempotentDeps {
  idempotency: IdempotencyService;
}

/** The argument's description in the schema. */
export const IDEMPOTENCY_KEY_DOC =
  'Optional, one per intended action (e.g. a UUID per form submission): a retry with the same key returns the first result and changes nothing; the same key with other arguments is refused';

/** How a mutation's result is stored (its id) and found again for a retry. */
export interface StoredResult<T> {
  idOf(result: T): string;
  load(id: string): Promise<T>;
}

/**
 * A money mutation with an optional `idempotencyKey` argument (issue 11): runs `run` at most once
 * per user and key; a retry gets the same object back (read again by id, so its fields are current)
 * and the same refusal. The fingerprint is the field name and its other arguments.
 */
export async function onceByKey<T>(
  services: IdempotentDeps,
  userId: string,
  rawKey: string | null | undefined,
  operation: { field: string; args: unknown },
  run: () => Promise<T>,
  stored: StoredResult<T>,
): Promise<T> {
  const key = IdempotencyService.parseKey(rawKey);
  if (!key) return run();
  const fingerprint = requestFingerprint(`graphql ${operation.field}`, operation.args);
  let result: T | undefined;
  const outcome = await services.idempotency.once({ userId, key, fingerprint }, async () => {
    result = await run();
    return { status: 200, body: { id: stored.idOf(result) } };
  });
  return result ?? stored.load((outcome.body as { id: string }).id);
}

/**
 * Like onceByKey, for a mutation whose answer is not one stored object (a bulk review's list of
 * per-item results): the answer itself is kept with the key, so a retry gets it back unchanged.
 */
export async function onceByKeyKeeping<T>(
  services: IdempotentDeps,
  userId: string,
  rawKey: string | null | undefined,
  operation: { field: string; args: unknown },
  run: () => Promise<T>,
): Promise<T> {
  const key = IdempotencyService.parseKey(rawKey);
  if (!key) return run();
  const fingerprint = requestFingerprint(`graphql ${operation.field}`, operation.args);
  const outcome = await services.idempotency.once({ userId, key, fingerprint }, async () => ({
    status: 200,
    body: await run(),
  }));
  return outcome.body as T;
}
