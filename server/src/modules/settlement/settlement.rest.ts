import type { Router } from 'express';
import { PAGE_SIZE } from '@cryptovest/common';
import { requireRole } from '../../rest/auth';
import { queryPaging } from '../../rest/params';
import { idempotentRoute } from '../../rest/idempotent';
import { route, sendData } from '../../rest/respond';
import type { Services } from '../../services';
import { unwrapData } from '../../validation';
import { ApiKeyScope } from '../auth/scopes';
import { Role } from '../auth/role';
import { presentTransaction } from '../transaction/transaction.rest';

/**
 * The admin's settlement queue over REST: GET /api/settlements/due (paged, oldest maturity first)
 * and POST /api/settlements `{ ids: [...] }` (Idempotency-Key honoured) -> per id, settled or why not.
 */
export function settlementRoutes(router: Router, services: Services): void {
  router.get(
    '/settlements/due',
    requireRole(services, Role.ADMIN, { scopes: [ApiKeyScope.ADMIN_READ] }),
    route(async (req, res) => {
      const paging = queryPaging(req.query, PAGE_SIZE.admin);
      const page = await services.settlement.dueQueue(paging.page, paging.pageSize);
      sendData(
        res,
        page.items.map((t) => presentTransaction(t, services)),
        200,
        { total: page.total, page: page.page, pageSize: page.pageSize },
      );
    }),
  );
  router.post(
    '/settlements',
    requireRole(services, Role.ADMIN, { scopes: [ApiKeyScope.TRANSACTION_STATUS_WRITE] }),
    idempotentRoute(services, async (req) => {
      const body = unwrapData(req.body) as { ids?: unknown } | undefined;
      const outcomes = await services.settlement.settleByAdmin(body?.ids, { userId: req.user!.id, ip: req.ip ?? null });
      const results = await services.settlement.withTransactions(outcomes);
      const data = results.map((r) => ({
        id: r.id,
        settled: r.settled,
        reason: r.reason,
        transaction: r.transaction ? presentTransaction(r.transaction, services) : null,
      }));
      return { status: 200, body: { data } };
    }),
  );
}
