import * as yup from 'yup';
import { TRANSACTION_ID_MIN, WALLET_ADDRESS_MIN, WITHDRAWAL_COINS } from '../constants';
import { isMoneyText } from '../money';
import { MSG } from '../messages';

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

/** A money amount typed as text with at most `decimals` fraction digits and greater than zero. */
export const amountRule = (decimals: number, message: string) =>
  yup
    .string()
    .trim()
    .required(message)
    .test('format', message, (v) => !!v && isMoneyText(v, decimals) && /[1-9]/.test(v));

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

/** Withdrawal request (SPEC §5 "Withdrawal"); the balance check is the server's, atomically. */
export const withdrawalSchema = yup.object({
  crypto: yup
    .string()
    .trim()
    .lowercase()
    .oneOf([...WITHDRAWAL_COINS], MSG.selectWallet)
    .required(MSG.selectWallet),
  amount: amountRule(2, MSG.amountTooSmall),
  wallet: yup.string().trim().min(1, MSG.selectWallet).required(MSG.selectWallet),
});
