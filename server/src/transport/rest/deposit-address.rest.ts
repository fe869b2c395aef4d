import type { Router } from 'express';
import { requireRole, type AuthDeps } from './auth';
import { route, sendData } from './respond';
import { unwrapData } from '../../kernel/validation';
import type { ChainModule } from '../../modules/chain';
import { ApiKeyScope, Role } from '../../modules/user';

/** The services this adapter calls; the composition root passes them. */
export type DepositAddressRestDeps = AuthDeps & { chains: Pick<ChainModule, 'depositAddresses'> };

/**
 * GET /api/deposit-address?crypto=<coin> -> `{ data: { crypto, network, address, qrCode, ownAddress, confirmations } }`;
 * POST /api/deposit-intent `{crypto, planId, amount}` -> 201, the same plus `quote` (issue 35).
 */
export function depositAddressRoutes(router: Router, services: DepositAddressRestDeps): void {
  router.get(
    '/deposit-address',
    requireRole(services, Role.INVESTOR, { scopes: [ApiKeyScope.ACCOUNT_READ] }),
    route(async (req, res) => {
      sendData(res, await services.chains.depositAddresses.forInvestor(req.user!.id, req.query.crypto));
    }),
  );
  router.post(
    '/deposit-intent',
    requireRole(services, Role.INVESTOR),
    route(async (req, res) => {
      sendData(res, await services.chains.depositAddresses.withIntent(req.user!.id, unwrapData(req.body)), 201);
    }),
  );
}
