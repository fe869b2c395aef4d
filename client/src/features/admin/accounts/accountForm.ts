import {
  accountAmountRule,
  atMostCharactersMessage,
  formatMoney,
  formatMoneyIn,
  type Locale,
  msg,
  parseAmountIn,
  unformatMoney,
} from '@cryptovest/common';
import * as yup from 'yup';
import { coinName } from '../../../components/coins';
import type { AccountAdjustmentInput, AccountSort, AdminAccountsQuery } from '../../../generated/graphql';

/** One account as listed on /admin/accounts. */
export type AdminAccount = AdminAccountsQuery['accounts']['items'][number];

/** An account whose owner is known (the only kind that can be edited or shown with its history). */
export type OwnedAccount = AdminAccount & { user: NonNullable<AdminAccount['user']> };

/** True when the account's owner came with it. */
export function isOwned(account: AdminAccount): account is OwnedAccount {
  return account.user != null;
}

/** The amount buckets in table and form order (SPEC §2), with their labels (catalogue keys; coin names as they are). */
export const ACCOUNT_AMOUNTS = [
  { name: 'balance', label: msg('Balance') },
  { name: 'walletBalance', label: msg('Wallet Balance') },
  { name: 'profit', label: msg('Profit') },
  { name: 'investment', label: msg('Investment') },
  { name: 'bitcoin', label: coinName('bitcoin') },
  { name: 'litecoin', label: coinName('litecoin') },
  { name: 'bnb', label: coinName('bnb') },
  { name: 'ethereum', label: coinName('ethereum') },
  { name: 'usdt', label: coinName('usdt') },
] as const;

/** Name of one amount bucket. */
export type AmountName = (typeof ACCOUNT_AMOUNTS)[number]['name'];

/** The server's sort key of each amount column (the accounts list sorts by any of them). */
export const ACCOUNT_SORT: Record<AmountName, AccountSort> = {
  balance: 'BALANCE',
  walletBalance: 'WALLET_BALANCE',
  profit: 'PROFIT',
  investment: 'INVESTMENT',
  bitcoin: 'BITCOIN',
  litecoin: 'LITECOIN',
  bnb: 'BNB',
  ethereum: 'ETHEREUM',
  usdt: 'USDT',
};

/** Values of the account form: each amount as typed (without the `$`), plus the reason. */
export type AccountFormValues = Record<AmountName | 'reason', string>;

/** Admin amounts keep up to 5 decimals (SPEC §5, §9). */
export const ACCOUNT_DECIMALS = 5;

/** `text` without `$`/commas, normalised ("1,500.50" -> "1500.5"), for comparing amounts. */
function canonical(text: string): string {
  return unformatMoney(formatMoney(unformatMoney(text), { prefix: '', maxDecimals: ACCOUNT_DECIMALS }));
}

/**
 * An amount as an admin types it in `locale`, read into the English text the shared rule and
 * the API take: English as typed ("$1,500.50"), another language with its own separators
 * ("1.500,50" in German -> "1500.50"); what cannot be read stays as typed, for the rule to refuse.
 */
export function typedAmount(text: string, locale: Locale = 'en'): string {
  if (locale === 'en') return text;
  return parseAmountIn(locale, text) ?? text;
}

/** An amount as the form shows it in `locale`: thousands separators, no currency sign ("1,500.50" / "1.500,50"). */
function amountText(value: string, locale: Locale): string {
  if (locale === 'en') return formatMoney(value, { prefix: '' });
  // The currency sign and its spaces go: the field has its own "$" in front.
  return formatMoneyIn(locale, value)
    .replace(/US\$|\$/g, '')
    .replace(/^[\s\u00a0\u202f]+|[\s\u00a0\u202f]+$/g, '');
}

/** The form's starting values: amounts shown with thousands separators (in `locale`, English by default), empty reason. */
export function accountFormValues(account: AdminAccount, locale: Locale = 'en'): AccountFormValues {
  const values = { reason: '' } as AccountFormValues;
  for (const { name } of ACCOUNT_AMOUNTS) values[name] = amountText(account[name], locale);
  return values;
}

/**
 * What to send (SPEC §5): only the amounts that changed, with `$` and commas removed (typed in
 * `locale`, English by default); the reason joins them when given. An emptied amount counts as unchanged.
 */
export function accountChanges(
  values: AccountFormValues,
  initial: AccountFormValues,
  locale: Locale = 'en',
): AccountAdjustmentInput {
  const input: AccountAdjustmentInput = {};
  for (const { name } of ACCOUNT_AMOUNTS) {
    const typed = unformatMoney(typedAmount(values[name], locale));
    if (typed !== '' && canonical(typed) !== canonical(typedAmount(initial[name], locale))) input[name] = typed;
  }
  const reason = values.reason.trim();
  if (Object.keys(input).length > 0 && reason) input.reason = reason;
  return input;
}

/**
 * One amount as typed (in `locale`): empty leaves it unchanged; otherwise the server's own rule
 * and messages (common's accountAmountRule: a negative amount is told so, issue 14; up to 5
 * decimals; capped), on the amount read from the language's separators.
 */
const amount = (locale: Locale) =>
  yup.string().test('money', function check(value) {
    if (!value?.trim()) return true;
    try {
      accountAmountRule().validateSync(typedAmount(value, locale));
      return true;
    } catch (error) {
      return this.createError({ message: (error as yup.ValidationError).message });
    }
  });

/**
 * SPEC §5 admin account edit: every field optional text, up to 5 decimals, not negative; reason
 * free text. Amounts are read as typed in `locale` (the reader's decimal separator; English by default).
 */
export function accountFormSchemaFor(locale: Locale = 'en') {
  return yup.object({
    ...Object.fromEntries(ACCOUNT_AMOUNTS.map(({ name }) => [name, amount(locale)])),
    reason: yup.string().trim().max(500, atMostCharactersMessage(500)),
  });
}
