import { accountAdjustmentSchema, withdrawalAddressesSchema } from '@cryptovest/common';
import { z } from 'zod';
import { AccountSort } from '../../../modules/account';
import { LedgerReason } from '../../../modules/ledger';
import { ApiKeyScope, Role } from '../../../modules/user';
import { operation } from './operation';
import {
  CursorPagingQuery,
  enumOf,
  Id,
  Instant,
  ListMeta,
  maybe,
  Money5,
  PagingQuery,
  SortDirectionQuery,
} from './shapes';

/** A saved withdrawal address, or null when none is saved for the coin. */
const Address = maybe(z.string());

/** An account as `presentAccount` sends it (no owner, nothing only the investor sees): what an admin edit answers. */
const AccountShape = z
  .strictObject({
    _id: Id,
    id: Id,
    balance: Money5,
    walletBalance: Money5,
    profit: Money5,
    investment: Money5,
    bitcoin: Money5,
    ethereum: Money5,
    bnb: Money5,
    litecoin: Money5,
    usdt: Money5,
    lockedBonus: Money5.meta({
      description: 'The signup bonus inside `balance`, unlocked by the first confirmed deposit',
    }),
    hasSetupAccount: z.boolean().meta({ description: 'At least one withdrawal address is saved' }),
    wallet: z
      .strictObject({ bitcoin: Address, litecoin: Address, ethereum: Address, usdt: Address })
      .meta({ description: 'Saved withdrawal addresses' }),
    updatedAt: Instant,
  })
  .meta({ id: 'Account' });

/** The investor's own account: also what can be withdrawn now and which addresses are cooling down. */
const OwnAccount = AccountShape.extend({
  available: Money5.meta({ description: 'balance - lockedBonus - pending withdrawals: what can be withdrawn now' }),
  walletUsableFrom: z
    .strictObject({
      bitcoin: Instant.optional(),
      litecoin: Instant.optional(),
      ethereum: Instant.optional(),
      usdt: Instant.optional(),
    })
    .meta({ description: 'Addresses still cooling down, with when they can receive withdrawals' }),
}).meta({ id: 'OwnAccount' });

/** An account in the admin list, with its owner. */
const AccountWithOwner = AccountShape.extend({
  user: z.strictObject({ _id: Id, id: Id, fullName: z.string(), email: z.email(), country: z.string() }),
}).meta({ id: 'AccountWithOwner' });

/** One change to one account bucket, as the admin's history lists it. */
const LedgerEntryShape = z
  .strictObject({
    id: z.string().regex(/^\d+$/).meta({ description: 'Ledger entries are numbered (newest highest)' }),
    accountId: Id,
    bucket: z.string().meta({ description: 'balance, walletBalance, profit, investment, a coin, or lockedBonus' }),
    delta: Money5,
    amountAfter: maybe(Money5).meta({ description: "The bucket's amount after this change" }),
    reason: enumOf(LedgerReason),
    transactionId: maybe(Id),
    actorId: maybe(Id),
    actorName: maybe(z.string()).meta({ description: 'Who made the change (null: the system)' }),
    note: maybe(z.string()),
    createdAt: Instant,
  })
  .meta({ id: 'LedgerEntry' });

const TAG = 'Accounts';

/** GET /api/account: the investor's own account. */
export const getOwnAccount = operation({
  id: 'getOwnAccount',
  method: 'get',
  path: '/account',
  tag: TAG,
  summary: "The caller's account",
  description: 'Amounts are decimal strings with 5 decimals. Admins have no account (403).',
  auth: { role: Role.INVESTOR, scopes: [ApiKeyScope.ACCOUNT_READ] },
  ok: { status: 200, data: OwnAccount },
});

/** PUT /api/account: the investor's withdrawal addresses (the only thing they change). */
export const updateWithdrawalAddresses = operation({
  id: 'updateWithdrawalAddresses',
  method: 'put',
  path: '/account',
  tag: TAG,
  summary: "Save the caller's withdrawal addresses",
  description:
    'Under `wallet` or at top level: only the coins sent change; `""` clears one. Each address is at least 11 ' +
    'characters of letters, digits and `:._-` (422 "invalid address"). Amounts and anything else are ignored. ' +
    'An address saved before any money came in can receive withdrawals at once; any saved after, only ' +
    '`WITHDRAWAL_ADDRESS_COOLDOWN_HOURS` later. The owner is mailed about every change.',
  auth: { role: Role.INVESTOR },
  // The same addresses at top level or under `wallet` (yup gives a nested object an empty default: not a fact of the API).
  body: { yup: withdrawalAddressesSchema.shape({ wallet: withdrawalAddressesSchema.default(undefined) }) },
  ok: { status: 200, data: OwnAccount },
});

/** GET /api/account/all: the admin's accounts table. */
export const listAccounts = operation({
  id: 'listAccounts',
  method: 'get',
  path: '/account/all',
  tag: TAG,
  summary: 'Every account with its owner, paged, searchable and sortable (admin)',
  description:
    'Newest users first; search: full name start or end, e-mail start, country code or name start. Cursors and ' +
    'the count cap as for GET /api/user/users.',
  auth: { role: Role.ADMIN, scopes: [ApiKeyScope.ADMIN_READ] },
  query: CursorPagingQuery.extend({
    search: z.string().optional().meta({ description: "Owner's name, e-mail or country" }),
    sortBy: z
      .string()
      .optional()
      .meta({
        description: `${Object.values(AccountSort).join(', ')} (any case; DATE = the owner's signup, the default)`,
      }),
    sortDirection: SortDirectionQuery.meta({ description: 'Default desc' }),
  }),
  ok: { status: 200, data: z.array(AccountWithOwner), meta: ListMeta },
});

/** PUT /api/account/{userId}: the admin's adjustment of an investor's amounts. */
export const adjustAccount = operation({
  id: 'adjustAccount',
  method: 'put',
  path: '/account/:userId',
  tag: TAG,
  summary: "Set an investor's amounts (admin)",
  description:
    'Amounts as text (`$` and commas are stripped; at most 5 decimals; never negative) and an optional `reason`. ' +
    'Each changed amount becomes an `ADMIN_ADJUSTMENT` ledger entry in the same database transaction; unchanged ' +
    'ones write nothing. 422 per bad field (nothing changes): "amount must not be negative", "enter an amount ' +
    'with up to 5 decimals", "amount is too large"; 404 for an unknown user.',
  auth: { role: Role.ADMIN },
  idempotent: true,
  params: { userId: 'The investor' },
  body: { yup: accountAdjustmentSchema },
  ok: { status: 200, data: AccountShape },
  errors: [404],
});

/** GET /api/account/{userId}/history: an account's ledger. */
export const getAccountHistory = operation({
  id: 'getAccountHistory',
  method: 'get',
  path: '/account/:userId/history',
  tag: TAG,
  summary: "An investor's ledger, newest first (admin)",
  auth: { role: Role.ADMIN, scopes: [ApiKeyScope.ADMIN_READ] },
  params: { userId: 'The investor' },
  query: PagingQuery,
  ok: { status: 200, data: z.array(LedgerEntryShape), meta: ListMeta },
  errors: [404],
});
