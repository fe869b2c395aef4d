import type { AuthDeps } from './auth';
import type { RestApi } from './mount';
import * as ops from './contract/deposit-address.contract';
import { route, sendData } from './respond';
import { unwrapData } from '../../kernel/validation';
import type { ChainModule } from '../../modules/chain';

/** The services this adapter calls; the composition root passes them. */
export type DepositAddressRestDeps = AuthDeps & { chains: Pick<ChainModule, 'depositAddresses'> };

/**
 * GET /api/deposit-address?crypto=<coin> -> `{ data: { crypto, network, address, qrCode, ownAddress, confirmations } }`;
 * POST /api/deposit-intent `{crypto, planId, amount}` -> 201, the same plus `quote` (issue 35).
 */
export function depositAddressRoutes(api: RestApi, services: DepositAddressRestDeps): void {
  api.mount(
    ops.getDepositAddress,
    route(async (req, res) => {
      sendData(res, await services.chains.depositAddresses.forInvestor(req.user!.id, req.query.crypto));
    }),
  );
  api.mount(
    ops.createDepositIntent,
    route(async (req, res) => {
      sendData(res, await services.chains.depositAddresses.withIntent(req.user!.id, unwrapData(req.body)), 201);
    }),
  );
}
