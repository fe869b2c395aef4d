import type { RequestHandler, Router } from 'express';
import { requireRole, type AuthDeps } from './auth';
import type { Operation } from './contract/operation';

/** Marks a handler that honours `Idempotency-Key` (set by idempotentRoute), so mounting can check the contract says so. */
export const IDEMPOTENT = Symbol('idempotent');

/** A handler that may carry the idempotency mark. */
type Handler = RequestHandler & { [IDEMPOTENT]?: true };

/**
 * The route table's one way to add a path (issue 36): each operation is mounted from its contract
 * entry, with the guard built from the entry's access rule, so the OpenAPI document (made from
 * the same entries) says exactly what the server enforces. Mounting refuses an entry whose
 * idempotency mark disagrees with its handler, and a second entry with the same id.
 */
export class RestApi {
  private readonly ids = new Set<string>();
  /** The operations mounted, in mounting order (what the document must list). */
  readonly mounted: Operation[] = [];

  constructor(
    readonly router: Router,
    private readonly services: AuthDeps,
  ) {}

  /** Mounts `op` with its guard (none when public) in front of `handlers`. */
  mount(op: Operation, ...handlers: Handler[]): void {
    if (this.ids.has(op.id)) throw new Error(`REST operation ${op.id} is mounted twice`);
    const idempotent = handlers.some((h) => h[IDEMPOTENT]);
    if (Boolean(op.idempotent) !== idempotent)
      throw new Error(`REST operation ${op.id}: the contract and the handler disagree on Idempotency-Key`);
    this.ids.add(op.id);
    this.mounted.push(op);
    const guard = op.auth === 'public' ? [] : [requireRole(this.services, op.auth.role, op.auth)];
    this.router[op.method](op.path, ...guard, ...handlers);
  }
}

/** Marks `handler` as honouring `Idempotency-Key` (see RestApi.mount). */
export function markIdempotent<T extends RequestHandler>(handler: T): T {
  return Object.assign(handler, { [IDEMPOTENT]: true as const });
}
