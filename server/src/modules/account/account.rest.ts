import type { Router } from 'express';
import { requireRole } from '../../rest/auth';
import { withLegacyId } from '../../rest/presenters';
import { route, sendData } from '../../rest/respond';
import type { Services } from '../../services';
import { unwrapData } from '../../validation';
import { Role } from '../auth/role';
import type { Account } from './account.entity';

/** An account in the legacy shape: amounts as decimal strings, addresses under `wallet`. */
export function presentAccount(a: Account) {
  return withLegacyId({
    id: a.id,
    balance: a.balance,
    walletBalance: a.walletBalance,
    profit: a.profit,
    investment: a.investment,
    bitcoin: a.bitcoin,
    ethereum: a.ethereum,
    bnb: a.bnb,
    litecoin: a.litecoin,
    usdt: a.usdt,
    hasSetupAccount: a.hasSetupAccount,
    wallet: a.wallet,
    updatedAt: a.updatedAt,
  });
}

/** GET /api/account and PUT /api/account (investor's own; only withdrawal addresses change). */
export function accountRoutes(router: Router, services: Services): void {
  const investor = requireRole(services, Role.INVESTOR);
  router.get(
    '/account',
    investor,
    route(async (req, res) => sendData(res, presentAccount(await services.accounts.getByUser(req.user!.id)))),
  );
  router.put(
    '/account',
    investor,
    route(async (req, res) => {
      const account = await services.accounts.updateAddresses(req.user!.id, unwrapData(req.body), req.ip ?? null);
      sendData(res, presentAccount(account));
    }),
  );
}
