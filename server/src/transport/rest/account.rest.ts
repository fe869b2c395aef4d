import type { AuthDeps } from './auth';
import type { RestApi } from './mount';
import * as ops from './contract/account.contract';
import { PAGE_SIZE } from '@cryptovest/common';
import { SortDirection } from '../../kernel/paging';
import { queryCursorPaging, queryEnum, queryPaging, queryText } from './params';
import { idParam } from '../../kernel/ids';
import { withLegacyId } from './presenters';
import { idempotentRoute, type IdempotentDeps } from './idempotent';
import { pageMeta, route, sendData } from './respond';
import { type AccountAdminService, type AccountService, type Account, AccountSort } from '../../modules/account';
import type { OwnLedgerReads } from '../../modules/transaction';
import { unwrapData } from '../../kernel/validation';

/** The services this adapter calls; the composition root passes them. */
export interface AccountRestDeps extends AuthDeps, IdempotentDeps {
  accountAdmin: AccountAdminService;
  accounts: AccountService;
  ownLedger: OwnLedgerReads;
}

/** An account in the legacy shape: amounts as decimal strings, addresses under `wallet`, owner under `user`. */
export function presentAccount(
  a: Account,
  extra: { available?: string; walletUsableFrom?: Record<string, Date> } = {},
) {
  return withLegacyId({
    ...(a.user
      ? {
          user: {
            _id: a.user.id,
            id: a.user.id,
            fullName: a.user.fullName,
            email: a.user.email,
            country: a.user.country,
          },
        }
      : {}),
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
    lockedBonus: a.lockedBonus,
    hasSetupAccount: a.hasSetupAccount,
    wallet: a.wallet,
    ...extra,
    updatedAt: a.updatedAt,
  });
}

/** The investor's own account with what only they see: what is available, and cooling-down addresses. */
async function presentOwnAccount(services: AccountRestDeps, account: Account) {
  const cooling = services.accounts.savedAddresses(account).filter((s) => s.usableFrom);
  return presentAccount(account, {
    available: await services.ownLedger.available(account.userId),
    walletUsableFrom: Object.fromEntries(cooling.map((s) => [s.coin, s.usableFrom!])),
  });
}

/** Admin paths take a user id; anything else is an unknown account. */
const userIdParam = (value: unknown) => idParam(value, 'This user has no investment account');

/**
 * GET/PUT /api/account (the investor's own; only withdrawal addresses change), and the admin's
 * PUT /api/account/{userId} (amounts) and GET /api/account/{userId}/history (ledger).
 */
export function accountRoutes(api: RestApi, services: AccountRestDeps): void {
  api.mount(
    ops.getOwnAccount,
    route(async (req, res) =>
      sendData(res, await presentOwnAccount(services, await services.ownLedger.account(req.user!.id))),
    ),
  );
  api.mount(
    ops.updateWithdrawalAddresses,
    route(async (req, res) => {
      const account = await services.accounts.updateAddresses(req.user!.id, unwrapData(req.body), req.ip ?? null);
      sendData(res, await presentOwnAccount(services, account));
    }),
  );
  api.mount(
    ops.listAccounts,
    route(async (req, res) => {
      const query = {
        search: queryText(req.query, 'search'),
        sortBy: queryEnum(req.query, 'sortBy', Object.values(AccountSort)),
        sortDirection: queryEnum(req.query, 'sortDirection', Object.values(SortDirection)),
      };
      const page = await services.accountAdmin.list(query, queryCursorPaging(req.query, PAGE_SIZE.admin));
      sendData(
        res,
        page.items.map((a) => presentAccount(a)),
        200,
        pageMeta(page),
      );
    }),
  );
  api.mount(
    ops.adjustAccount,
    idempotentRoute(services, async (req) => {
      const account = await services.accountAdmin.adjust(
        userIdParam(req.params.userId),
        req.body,
        req.user!.id,
        req.ip ?? null,
      );
      return { status: 200, body: { data: presentAccount(account) } };
    }),
  );
  api.mount(
    ops.getAccountHistory,
    route(async (req, res) => {
      const paging = queryPaging(req.query, PAGE_SIZE.admin);
      const page = await services.accountAdmin.history(userIdParam(req.params.userId), paging.page, paging.pageSize);
      sendData(res, page.items, 200, pageMeta(page));
    }),
  );
}
