import { z } from 'zod';
import { ApiKeyScope, Role } from '../../../modules/user';
import { operation } from './operation';
import { ListMeta, maybe, PagingQuery, refOrNull } from './shapes';
import { TransactionShape } from './transaction.contract';

const TAG = 'Settlements';

/** GET /api/settlements/due: the admin's settlement queue. */
export const listDueSettlements = operation({
  id: 'listDueSettlements',
  method: 'get',
  path: '/settlements/due',
  tag: TAG,
  summary: 'Matured deposits waiting for an admin, oldest maturity first (admin)',
  description:
    '`DUE` in review mode, `HELD` with `settlementNote` when the account could not take it; each with its `user`.',
  auth: { role: Role.ADMIN, scopes: [ApiKeyScope.ADMIN_READ] },
  query: PagingQuery,
  ok: { status: 200, data: z.array(TransactionShape), meta: ListMeta },
});

/** POST /api/settlements: settle deposits by id (admin). */
export const settleDeposits = operation({
  id: 'settleDeposits',
  method: 'post',
  path: '/settlements',
  tag: TAG,
  summary: 'Settle matured deposits now (admin)',
  description:
    'Per id in the order sent: settled, or why not ("Transaction not found", "The deposit is not confirmed", ' +
    '"The deposit matures at …", "This deposit has already been settled", or the held reason). All in one ' +
    'database transaction; each settlement audited `settlement.manual`. 422 on `ids` when it is not a list of ' +
    '1–500 strings.',
  auth: { role: Role.ADMIN, scopes: [ApiKeyScope.TRANSACTION_STATUS_WRITE] },
  idempotent: true,
  body: { json: z.object({ ids: z.array(z.string()).min(1).max(500).meta({ description: 'Transaction ids' }) }) },
  ok: {
    status: 200,
    data: z.array(
      z
        .strictObject({
          id: z.string().meta({ description: 'The id as sent' }),
          settled: z.boolean(),
          reason: maybe(z.string()).meta({ description: 'Why it was not settled (null when it was)' }),
          transaction: refOrNull(TransactionShape).meta({
            description: 'The deposit as it is now; null when not found',
          }),
        })
        .meta({ id: 'SettlementOutcome' }),
    ),
  },
});
