import * as yup from 'yup';
import {
  ACCOUNT_AMOUNT_DECIMALS,
  ACCOUNT_BUCKETS,
  DEFAULT_MIN_WITHDRAWAL,
  MAX_ACCOUNT_AMOUNT,
  MAX_TRANSACTION_AMOUNT,
  TRANSACTION_ID_MIN,
  WALLET_ADDRESS_MIN,
  WITHDRAWAL_COINS,
  type AccountBucket,
} from '../constants';
import { formatDollars, isMoneyText, unformatMoney } from '../money';
import { MSG } from '../messages';
import { withdrawalMinMessage } from '../i18n/message-templates';

/** Longest address or blockchain id accepted (the columns hold 200). */
const MAX_ID = 200;

/** One withdrawal address: empty clears it, otherwise at least 11 characters (SPEC §5). */
const address = () =>
  yup
    .string()
    .trim()
    .max(MAX_ID, MSG.invalidAddress)
    .test('min', MSG.invalidAddress, (v) => !v || v.length >= WALLET_ADDRESS_MIN)
    .test('chars', MSG.invalidAddress, (v) => !v || /^[A-Za-z0-9:._-]+$/.test(v));

/** Withdrawal addresses (SPEC §5 "Wallet addresses"); only the coins sent are changed. */
export const withdrawalAddressesSchema = yup.object(
  Object.fromEntries(WITHDRAWAL_COINS.map((coin) => [coin, address().optional()])),
) as yup.ObjectSchema<Partial<Record<(typeof WITHDRAWAL_COINS)[number], string>>>;

/**
 * True when the non-negative decimal text `text` is at most `max` (both as `isMoneyText` accepts):
 * exact for any length, without floats or a decimal library in the client bundle.
 */
export function decimalAtMost(text: string, max: string): boolean {
  const [rawWhole, frac = ''] = text.split('.');
  const [rawMaxWhole, maxFrac = ''] = max.split('.');
  const whole = rawWhole.replace(/^0+/, '');
  const maxWhole = rawMaxWhole.replace(/^0+/, '');
  if (whole.length !== maxWhole.length) return whole.length < maxWhole.length;
  const width = Math.max(frac.length, maxFrac.length);
  return whole + frac.padEnd(width, '0') <= maxWhole + maxFrac.padEnd(width, '0');
}

/**
 * A money amount typed as text with at most `decimals` fraction digits, greater than zero and at
 * most `max` (MSG.amountTooLarge above it, so a huge number never reaches the database).
 */
export const amountRule = (decimals: number, message: string, max: string = MAX_TRANSACTION_AMOUNT) =>
  yup
    .string()
    .trim()
    .required(message)
    .test('format', message, (v) => !!v && isMoneyText(v, decimals) && /[1-9]/.test(v))
    .test('max', MSG.amountTooLarge, (v) => !v || !isMoneyText(v, decimals) || decimalAtMost(v, max));

/** A plain decimal as typed, sign allowed ("-5", "40.505"): readable as a number, whatever its rules. */
const SIGNED_DECIMAL = /^-?\d+(\.\d+)?$/;

/** True for a readable negative amount ("-5", "-0.01"; not "-0"). */
const isNegative = (v: string) => v.startsWith('-') && SIGNED_DECIMAL.test(v) && /[1-9]/.test(v);

/**
 * One amount of the admin account edit (SPEC §5): `$` and commas allowed, up to 5 decimals, capped.
 * A negative amount is told so (MSG.amountNegative), not "up to 5 decimals".
 */
export const accountAmountRule = () =>
  yup
    .string()
    .transform((v: unknown) => (typeof v === 'string' ? unformatMoney(v) : v))
    .nullable()
    .test('negative', MSG.amountNegative, (v) => v == null || !isNegative(v))
    .test(
      'format',
      MSG.accountAmountInvalid,
      (v) => v == null || isNegative(v) || isMoneyText(v, ACCOUNT_AMOUNT_DECIMALS),
    )
    .test(
      'max',
      MSG.amountTooLarge,
      (v) => v == null || !isMoneyText(v, ACCOUNT_AMOUNT_DECIMALS) || decimalAtMost(v, MAX_ACCOUNT_AMOUNT),
    );

/** Admin account edit: only the amounts sent change (null or absent: unchanged); `reason` goes to the ledger. */
export const accountAdjustmentSchema = yup.object({
  ...(Object.fromEntries(ACCOUNT_BUCKETS.map((bucket) => [bucket, accountAmountRule()])) as Record<
    AccountBucket,
    ReturnType<typeof accountAmountRule>
  >),
  reason: yup.string().nullable(),
});

/** Deposit into a plan (SPEC §5 "Deposit"); the plan's range is checked by the server. */
export const depositSchema = yup.object({
  planId: yup.string().trim().uuid('select a plan').required('select a plan'),
  crypto: yup.string().trim().lowercase().required('select a coin'),
  amount: amountRule(2, MSG.amountTooSmall),
  transactionId: yup
    .string()
    .trim()
    .min(TRANSACTION_ID_MIN, MSG.tooShort)
    .max(MAX_ID, 'too long')
    .required(MSG.tooShort),
  imageUrl: yup.string().trim().max(500).optional(),
});

/**
 * A withdrawal amount in dollars, with one clear message per problem, in this order: empty, not a
 * number, not above zero, more than 2 decimals, below `minWithdrawal` (the operator's MIN_WITHDRAWAL,
 * the site config's `minWithdrawal`), above the cap. Replaces the spec's "at least 3 characters",
 * which refused $40 and accepted $9.50 (docs/spec-deviations.md).
 */
export const withdrawalAmountRule = (minWithdrawal: string = DEFAULT_MIN_WITHDRAWAL) => {
  const readable = (v: string | undefined): v is string => !!v && SIGNED_DECIMAL.test(v);
  const positive = (v: string) => !v.startsWith('-') && /[1-9]/.test(v);
  const cents = (v: string) => isMoneyText(v, 2);
  return yup
    .string()
    .trim()
    .required(MSG.enterAmount)
    .test('number', MSG.amountNotNumber, (v) => !v || readable(v))
    .test('positive', MSG.amountNotPositive, (v) => !readable(v) || positive(v))
    .test('decimals', MSG.amountTwoDecimals, (v) => !readable(v) || !positive(v) || cents(v))
    .test(
      'min',
      withdrawalMinMessage(formatDollars(minWithdrawal)),
      (v) => !readable(v) || !positive(v) || !cents(v) || decimalAtMost(minWithdrawal, v),
    )
    .test('max', MSG.amountTooLarge, (v) => !readable(v) || !cents(v) || decimalAtMost(v, MAX_TRANSACTION_AMOUNT));
};

/**
 * Withdrawal request (SPEC §5 "Withdrawal"), with the operator's smallest withdrawal; the balance
 * check is the server's, atomically.
 */
export const withdrawalSchema = (minWithdrawal: string = DEFAULT_MIN_WITHDRAWAL) =>
  yup.object({
    crypto: yup
      .string()
      .trim()
      .lowercase()
      .oneOf([...WITHDRAWAL_COINS], MSG.selectWallet)
      .required(MSG.selectWallet),
    amount: withdrawalAmountRule(minWithdrawal),
    wallet: yup.string().trim().min(1, MSG.selectWallet).required(MSG.selectWallet),
  });
