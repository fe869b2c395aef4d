import { PAGE_SIZE } from '@cryptovest/common';
import type { AuthDeps } from './auth';
import type { RestApi } from './mount';
import * as ops from './contract/settlement.contract';
import { queryPaging } from './params';
import { idempotentRoute, type IdempotentDeps } from './idempotent';
import { route, sendData } from './respond';
import type { SettlementService } from '../../modules/settlement';
import { unwrapData } from '../../kernel/validation';
import { presentTransaction, type TransactionRestDeps } from './transaction.rest';

/** The services this adapter calls; the composition root passes them. */
export interface SettlementRestDeps extends AuthDeps, IdempotentDeps, Pick<TransactionRestDeps, 'uploads'> {
  settlement: SettlementService;
}

/**
 * The admin's settlement queue over REST: GET /api/settlements/due (paged, oldest maturity first)
 * and POST /api/settlements `{ ids: [...] }` (Idempotency-Key honoured) -> per id, settled or why not.
 */
export function settlementRoutes(api: RestApi, services: SettlementRestDeps): void {
  api.mount(
    ops.listDueSettlements,
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
  api.mount(
    ops.settleDeposits,
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
