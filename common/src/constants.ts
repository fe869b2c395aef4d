/** Business constants from SPEC §9, shared so client and server can never disagree. */

/** Length of e-mail verification / reset codes (SPEC §9; the server may override by config). */
export const OTP_LENGTH = 4;
export const PASSWORD_MIN = 8;
/** Seconds an address waits before it can ask for another e-mail code (the resend button counts down). */
export const OTP_RESEND_SECONDS = 60;
export const NAME_MIN = 3;
export const TRANSACTION_ID_MIN = 8;
export const WALLET_ADDRESS_MIN = 11;
export const INVEST_AMOUNT_MIN_CHARS = 3;
/** The spec's withdrawal rule (min 3 characters); replaced by `withdrawalAmountRule` (docs/spec-deviations.md). */
export const WITHDRAW_AMOUNT_MIN_CHARS = 3;
export const EXCHANGE_AMOUNT_MIN_CHARS = 4;

/**
 * Largest deposit or withdrawal accepted, in dollars ($1,000,000,000.00): far above any plan, and
 * low enough that confirming it can never overflow an account bucket that respects the cap below.
 */
export const MAX_TRANSACTION_AMOUNT = '1000000000';

/**
 * Smallest withdrawal in dollars when the operator sets none (server env MIN_WITHDRAWAL; the client
 * reads the one in force from the site config, `minWithdrawal`).
 */
export const DEFAULT_MIN_WITHDRAWAL = '10';

/**
 * The ledger's precision: fraction digits of account buckets, ledger entries and profits, in
 * storage and in every API answer (always all 5: "12.50000"), and what an admin may type (SPEC §9).
 */
export const ACCOUNT_AMOUNT_DECIMALS = 5;

/**
 * Largest amount an admin may set on an account bucket. The columns are numeric(20,5) (below
 * 1e15); the cap stays a thousandfold under that so confirmed deposits still fit on top of it.
 */
export const MAX_ACCOUNT_AMOUNT = '999999999999.99999';

/** Page sizes used by tables across the app (SPEC §9). */
export const PAGE_SIZE = {
  admin: 20,
  overview: 4,
  transactions: 8,
  default: 5,
} as const;

/** Largest page a client may ask for; protects the server from unbounded lists. */
export const MAX_PAGE_SIZE = 100;

/** Deposit-wallet exchange code used when none is given (SPEC §9). */
export const DEFAULT_EXCHANGE = 'TW';

/** localStorage key of the bearer token (SPEC §4). */
export const TOKEN_STORAGE_KEY = 'token';

export const CAROUSEL_INTERVAL_MS = 8000;
export const COPIED_FEEDBACK_MS = 1500;
export const TOAST_AUTO_HIDE_MS = 5000;

/** User types as stored and as carried in the token (SPEC §3, §6). */
export const USER_TYPES = ['investor', 'admin'] as const;
export type UserType = (typeof USER_TYPES)[number];

export const TRANSACTION_TYPES = ['DEPOSIT', 'WITHDRAWAL'] as const;
export type TransactionType = (typeof TRANSACTION_TYPES)[number];

export const TRANSACTION_STATUSES = ['PENDING', 'CONFIRMED', 'DECLINED'] as const;
export type TransactionStatus = (typeof TRANSACTION_STATUSES)[number];

/** Account amount buckets (SPEC §3); each is a numeric column that may never go negative. */
export const ACCOUNT_BUCKETS = [
  'balance',
  'walletBalance',
  'profit',
  'investment',
  'bitcoin',
  'ethereum',
  'bnb',
  'litecoin',
  'usdt',
] as const;
export type AccountBucket = (typeof ACCOUNT_BUCKETS)[number];

/** The coin buckets: a confirmed deposit in one of these coins also adds to its own bucket (settlement takes it back). */
export const COIN_BUCKETS = [
  'bitcoin',
  'ethereum',
  'bnb',
  'litecoin',
  'usdt',
] as const satisfies readonly AccountBucket[];
export type CoinBucket = (typeof COIN_BUCKETS)[number];

/** True when `crypto` names a coin that has its own account bucket. */
export function isCoinBucket(crypto: string): crypto is CoinBucket {
  return (COIN_BUCKETS as readonly string[]).includes(crypto);
}

/** Coins an investor can keep a withdrawal address for (SPEC §3 account.wallet). */
export const WITHDRAWAL_COINS = ['bitcoin', 'litecoin', 'ethereum', 'usdt'] as const;
export type WithdrawalCoin = (typeof WITHDRAWAL_COINS)[number];

/** A plan as seeded at first start (SPEC §3). `max` null means open-ended. */
export interface PlanSeed {
  name: string;
  min: string;
  max: string | null;
  profitPercent: string;
  durationHours: number;
}

/** The four investment plans of SPEC §3; seeded into the `plan` table by the first migration. */
export const PLAN_SEEDS: readonly PlanSeed[] = [
  { name: 'Starter', min: '150', max: '4999', profitPercent: '10', durationHours: 24 },
  { name: 'Premium', min: '5000', max: '10000', profitPercent: '25', durationHours: 24 },
  { name: 'Gold', min: '10000', max: '30000', profitPercent: '50', durationHours: 24 },
  { name: 'Platinum', min: '30000', max: null, profitPercent: '65', durationHours: 24 },
];
