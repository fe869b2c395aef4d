import { seesEverything } from '../../modules/identity';
import { PAGE_SIZE } from '@cryptovest/common';
import { AppError } from '../../kernel/errors';
import { SortDirection } from '../../kernel/paging';
import type { AuthDeps } from './auth';
import type { RestApi } from './mount';
import * as ops from './contract/transaction.contract';
import { queryCursorPaging, queryEnum, queryPaging, queryText } from './params';
import { idParam } from '../../kernel/ids';
import { withLegacyId } from './presenters';
import { idempotentRoute, type IdempotentDeps } from './idempotent';
import { pageMeta, route, sendData } from './respond';
import {
  chainCheckOf,
  myTransactionFilter,
  type OwnLedgerReads,
  TrxStatus,
  TrxType,
  type Transaction,
  TransactionSort,
  TransactionService,
} from '../../modules/transaction';
import type { TransactionEvents, TransactionEvent } from '../../platform/timeline';
import type { TransactionStatusService } from '../../modules/review';
import { type UploadService, imageLink } from '../../modules/upload';
import { textField, unwrapData } from '../../kernel/validation';

/** The services this adapter calls; the composition root passes them. */
export interface TransactionRestDeps extends AuthDeps, IdempotentDeps {
  events: TransactionEvents;
  ownLedger: OwnLedgerReads;
  transactionStatus: TransactionStatusService;
  transactions: TransactionService;
  uploads: UploadService;
}

/** A transaction in the legacy shape: `amount` as a number (DESIGN §3), proof as a signed link (or the allowed https link sent). */
export function presentTransaction(t: Transaction, services: Pick<TransactionRestDeps, 'uploads'>) {
  return withLegacyId({
    id: t.id,
    trxType: t.trxType,
    status: t.status,
    amount: Number(t.amount),
    crypto: t.crypto,
    plan: t.plan,
    profitPercent: t.profitPercent,
    expectedProfit: TransactionService.expectedProfit(t),
    transactionId: t.transactionId,
    imageUrl: imageLink(services.uploads, t.imageUrl),
    wallet: t.wallet,
    durationHours: t.durationHours,
    returnsPrincipal: t.returnsPrincipal,
    confirmedAt: t.confirmedAt,
    maturesAt: t.maturesAt,
    settledAt: t.settledAt,
    settlementState: t.settlementState,
    settlementNote: t.settlementNote,
    origin: t.origin,
    cryptoAmount: t.cryptoAmount,
    chainCheck: chainCheckOf(t),
    chainHold: t.chainHold,
    payoutFee: t.payoutFee,
    createdAt: t.createdAt,
    ...(t.user ? { user: { _id: t.user.id, id: t.user.id, fullName: t.user.fullName, email: t.user.email } } : {}),
  });
}

/** Said on `trxType` when it is not one of the two kinds (or not text at all). */
const TRX_TYPE_MSG = 'trxType must be DEPOSIT or WITHDRAWAL';
/** Said on `status` when it is not text; the service says the same for an unknown status. */
const STATUS_MSG = 'status must be PENDING, CONFIRMED or DECLINED';

/**
 * POST /api/transaction/create (deposit or withdrawal by trxType), PUT /api/transaction/{id}
 * (admin status), GET /api/transaction/transactions (admin), /all and /running (the caller's),
 * and GET /api/transaction/{id} with its timeline (own only for investors).
 */
export function transactionRoutes(api: RestApi, services: TransactionRestDeps): void {
  api.mount(
    ops.createTransaction,
    idempotentRoute(services, async (req) => {
      const body = unwrapData(req.body) as Record<string, unknown> | undefined;
      const caller = { userId: req.user!.id, ip: req.ip ?? null };
      const type = (textField(body, 'trxType', TRX_TYPE_MSG) ?? 'DEPOSIT').toUpperCase();
      let created: Transaction;
      if (type === 'DEPOSIT') created = await services.transactions.createDeposit(body, caller);
      else if (type === 'WITHDRAWAL') created = await services.transactions.requestWithdrawal(body, caller);
      else throw AppError.field('trxType', TRX_TYPE_MSG);
      return { status: 201, body: { data: presentTransaction(created, services) } };
    }),
  );
  api.mount(
    ops.setTransactionStatus,
    idempotentRoute(services, async (req) => {
      const body = unwrapData(req.body) as Record<string, unknown> | undefined;
      const status = (textField(body, 'status', STATUS_MSG) ?? '').toUpperCase() as TrxStatus;
      const reason = (body as { reason?: unknown } | undefined)?.reason;
      const id = idParam(req.params.id, 'Transaction not found');
      const payout = { txid: body?.payoutTxid, fee: body?.payoutFee };
      const updated = await services.transactionStatus.setStatus(
        id,
        status,
        req.user!.id,
        req.ip ?? null,
        reason,
        payout,
      );
      return { status: 200, body: { data: { _id: updated.id, status: updated.status } } };
    }),
  );
  api.mount(
    ops.listAllTransactions,
    route(async (req, res) => {
      const query = {
        search: queryText(req.query, 'search'),
        status: queryEnum(req.query, 'status', Object.values(TrxStatus)),
        // `type` is accepted too: the column is "Transaction Type".
        trxType: queryEnum(req.query, req.query.trxType !== undefined ? 'trxType' : 'type', Object.values(TrxType)),
        sortBy: queryEnum(req.query, 'sortBy', Object.values(TransactionSort)),
        sortDirection: queryEnum(req.query, 'sortDirection', Object.values(SortDirection)),
      };
      const page = await services.transactions.listAll(query, queryCursorPaging(req.query, PAGE_SIZE.admin));
      sendData(
        res,
        page.items.map((t) => presentTransaction(t, services)),
        200,
        pageMeta(page),
      );
    }),
  );
  api.mount(
    ops.listOwnTransactions,
    route(async (req, res) => {
      const paging = queryPaging(req.query, PAGE_SIZE.transactions);
      // The same filters as GraphQL's myTransactions, checked the same way (a mistake is a 400 naming the field).
      const filter = myTransactionFilter({
        trxType: queryEnum(req.query, req.query.trxType !== undefined ? 'trxType' : 'type', Object.values(TrxType)),
        status: queryEnum(req.query, 'status', Object.values(TrxStatus)),
        crypto: queryText(req.query, 'crypto'),
        from: queryText(req.query, 'from'),
        to: queryText(req.query, 'to'),
        txid: queryText(req.query, 'txid'),
      });
      const result = await services.ownLedger.transactions(req.user!.id, paging.page, paging.pageSize, filter);
      sendData(
        res,
        result.items.map((t) => presentTransaction(t, services)),
        200,
        { total: result.total, page: result.page, pageSize: result.pageSize },
      );
    }),
  );
  api.mount(
    ops.listRunningDeposits,
    route(async (req, res) => {
      const running = await services.transactions.running(req.user!.id);
      sendData(
        res,
        running.map((t) => presentTransaction(t, services)),
      );
    }),
  );
  // Last: `/transaction/:id` would otherwise take /transaction/all, /transactions and /running.
  api.mount(
    ops.getTransaction,
    route(async (req, res) => {
      const found = await services.transactions.getVisible(idParam(req.params.id, 'Transaction not found'), req.user!);
      const events = await services.events.list(found.id, { actorNames: seesEverything(req.user!) });
      sendData(res, { ...presentTransaction(found, services), events: events.map(presentEvent) });
    }),
  );
}

/** A timeline step in the REST shape (`actorName` only present for admins). */
function presentEvent(e: TransactionEvent) {
  return {
    kind: e.kind,
    at: e.at,
    reason: e.reason,
    data: e.data,
    ...(e.actorName !== undefined ? { actorName: e.actorName } : {}),
  };
}
