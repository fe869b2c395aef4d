import { z } from 'zod';
import { TransactionEventKind } from '../../../platform/timeline';
import {
  ChainCheckResult,
  SettlementState,
  TransactionSort,
  TrxOrigin,
  TrxStatus,
  TrxType,
} from '../../../modules/transaction';
import { ApiKeyScope, Role } from '../../../modules/user';
import { operation } from './operation';
import {
  CursorPagingQuery,
  DecimalText,
  enumOf,
  Id,
  Instant,
  ListMeta,
  Money2,
  Money5,
  maybe,
  PagingQuery,
  refOrNull,
  SortDirectionQuery,
} from './shapes';

/** The chain's evidence on a deposit's transaction id (null until looked up). */
const ChainCheck = z
  .strictObject({
    result: enumOf(ChainCheckResult),
    confirmations: maybe(z.int()),
    coinAmount: maybe(DecimalText),
    address: maybe(z.string()),
    checkedAt: maybe(Instant),
  })
  .meta({ id: 'ChainCheck' });

/** A transaction in the legacy shape: `amount` a JSON number (SPEC §7), `_id` beside `id`. */
export const TransactionShape = z
  .strictObject({
    _id: Id,
    id: Id,
    trxType: enumOf(TrxType),
    status: enumOf(TrxStatus),
    amount: z.number().meta({ description: 'US dollars (legacy: a JSON number with at most 2 decimals)' }),
    crypto: z.string().meta({ description: 'Coin name, lower case' }),
    plan: maybe(z.string()),
    profitPercent: maybe(DecimalText),
    expectedProfit: maybe(Money5).meta({ description: 'Deposits: what settlement will credit' }),
    transactionId: maybe(z.string()).meta({ description: 'The blockchain transaction id the investor gave' }),
    imageUrl: maybe(z.string()).meta({ description: 'Proof image: a signed link' }),
    wallet: maybe(z.string()).meta({ description: 'Withdrawals: the address paid' }),
    durationHours: maybe(z.int()),
    returnsPrincipal: maybe(z.boolean()),
    confirmedAt: maybe(Instant),
    maturesAt: maybe(Instant),
    settledAt: maybe(Instant),
    settlementState: maybe(enumOf(SettlementState)),
    settlementNote: maybe(z.string()),
    origin: enumOf(TrxOrigin).meta({ description: 'INVESTOR: submitted; CHAIN: found by the chain watcher' }),
    cryptoAmount: maybe(DecimalText),
    chainCheck: refOrNull(ChainCheck),
    chainHold: maybe(z.string()).meta({ description: 'Why a payment found on chain waits for an admin' }),
    payoutFee: maybe(Money2),
    createdAt: Instant,
    user: z
      .strictObject({ _id: Id, id: Id, fullName: z.string(), email: z.email() })
      .optional()
      .meta({ description: 'The owner (admin lists)' }),
  })
  .meta({ id: 'Transaction' });

/** A timeline step (`actorName` only for admins). */
const TimelineStep = z
  .strictObject({
    kind: enumOf(TransactionEventKind),
    at: Instant,
    reason: maybe(z.string()),
    data: z.record(z.string(), z.unknown()).meta({ description: 'Facts of the step (each kind its own)' }),
    actorName: maybe(z.string()).optional(),
  })
  .meta({ id: 'TimelineStep' });

const TAG = 'Transactions';

/** POST /api/transaction/create: a deposit into a plan or a withdrawal request. */
export const createTransaction = operation({
  id: 'createTransaction',
  method: 'post',
  path: '/transaction/create',
  tag: TAG,
  summary: 'Deposit into a plan, or request a withdrawal',
  description:
    'With `trxType: DEPOSIT` (the default): `planId` (or `plan` by name), `crypto`, `amount` within the plan, ' +
    '`transactionId` (the blockchain id, checked on chain where one is configured) and an optional `imageUrl`. ' +
    'With `trxType: WITHDRAWAL`: `amount` (at least the minimum, at most what is available) and `crypto` ' +
    '(to the saved, cooled-down address). PENDING until an admin confirms.',
  auth: { role: Role.INVESTOR },
  idempotent: true,
  body: {
    json: z.object({
      trxType: z.enum(['DEPOSIT', 'WITHDRAWAL']).optional(),
      planId: Id.optional(),
      plan: z.string().optional(),
      crypto: z.string(),
      amount: z.union([z.string(), z.number()]).meta({ description: 'US dollars, at most 2 decimals' }),
      transactionId: z.string().optional(),
      imageUrl: z.string().optional(),
    }),
  },
  ok: { status: 201, data: TransactionShape },
  errors: [404, 409],
});

/** PUT /api/transaction/{id}: an admin confirms or declines (and records a payout). */
export const setTransactionStatus = operation({
  id: 'setTransactionStatus',
  method: 'put',
  path: '/transaction/:id',
  tag: TAG,
  summary: 'Confirm or decline a transaction (admin)',
  description:
    'A deposit confirmed starts its plan; declined after confirmation takes the money back. A withdrawal ' +
    'confirmed may carry `payoutTxid` and `payoutFee`. Confirming a deposit the chain doubts needs a `reason`.',
  auth: { role: Role.ADMIN, scopes: [ApiKeyScope.TRANSACTION_STATUS_WRITE] },
  idempotent: true,
  params: { id: 'The transaction' },
  body: {
    json: z.object({
      status: enumOf(TrxStatus),
      reason: z.string().optional(),
      payoutTxid: z.string().optional(),
      payoutFee: z.string().optional(),
    }),
  },
  ok: { status: 200, data: z.strictObject({ _id: Id, status: enumOf(TrxStatus) }) },
  errors: [404, 409],
});

/** GET /api/transaction/transactions: every transaction (admin). */
export const listAllTransactions = operation({
  id: 'listAllTransactions',
  method: 'get',
  path: '/transaction/transactions',
  tag: TAG,
  summary: 'Every transaction, paged and searchable (admin)',
  auth: { role: Role.ADMIN, scopes: [ApiKeyScope.ADMIN_READ] },
  query: CursorPagingQuery.extend({
    search: z.string().optional().meta({ description: "Owner's name or e-mail" }),
    status: z.string().optional().meta({ description: 'PENDING, CONFIRMED or DECLINED (any case)' }),
    trxType: z.string().optional().meta({ description: 'DEPOSIT or WITHDRAWAL (also as `type`)' }),
    type: z.string().optional(),
    sortBy: z
      .string()
      .optional()
      .meta({ description: Object.values(TransactionSort).join(', ') }),
    sortDirection: SortDirectionQuery,
  }),
  ok: { status: 200, data: z.array(TransactionShape), meta: ListMeta },
});

/** GET /api/transaction/all: the caller's transactions, filtered as GraphQL's myTransactions. */
export const listOwnTransactions = operation({
  id: 'listOwnTransactions',
  method: 'get',
  path: '/transaction/all',
  tag: TAG,
  summary: "The caller's transactions, newest first; filter by type, status, coin, days and txid",
  auth: { role: Role.INVESTOR, scopes: [ApiKeyScope.ACCOUNT_READ] },
  query: PagingQuery.extend({
    trxType: z.string().optional().meta({ description: 'DEPOSIT or WITHDRAWAL, any case (also as `type`)' }),
    type: z.string().optional(),
    status: z.string().optional().meta({ description: 'PENDING, CONFIRMED or DECLINED (any case)' }),
    crypto: z.string().optional().meta({ description: 'bitcoin, ethereum, bnb, litecoin or usdt' }),
    from: z.string().optional().meta({ description: 'Submitted on or after this day (YYYY-MM-DD, UTC)' }),
    to: z.string().optional().meta({ description: 'Submitted on or before this day (YYYY-MM-DD, UTC)' }),
    txid: z
      .string()
      .optional()
      .meta({ description: 'Blockchain transaction id, whole or its beginning (any case, with or without 0x)' }),
  }),
  ok: { status: 200, data: z.array(TransactionShape), meta: ListMeta },
});

/** GET /api/transaction/running: the caller's running plans. */
export const listRunningDeposits = operation({
  id: 'listRunningDeposits',
  method: 'get',
  path: '/transaction/running',
  tag: TAG,
  summary: "The caller's confirmed deposits whose plan is running",
  auth: { role: Role.INVESTOR, scopes: [ApiKeyScope.ACCOUNT_READ] },
  ok: { status: 200, data: z.array(TransactionShape) },
});

/** GET /api/transaction/{id}: one transaction with its timeline. */
export const getTransaction = operation({
  id: 'getTransaction',
  method: 'get',
  path: '/transaction/:id',
  tag: TAG,
  summary: 'One transaction with its timeline (own only, unless admin)',
  auth: { role: Role.USER, scopes: [ApiKeyScope.ACCOUNT_READ, ApiKeyScope.ADMIN_READ] },
  params: { id: 'The transaction' },
  ok: {
    status: 200,
    data: TransactionShape.extend({ events: z.array(TimelineStep) }).meta({ id: 'TransactionWithTimeline' }),
  },
  errors: [404],
});
