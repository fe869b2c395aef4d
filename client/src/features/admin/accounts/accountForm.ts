import { accountAmountRule, formatMoney, unformatMoney } from '@cryptovest/common';
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

/** The amount buckets in table and form order (SPEC §2), with their labels. */
export const ACCOUNT_AMOUNTS = [
  { name: 'balance', label: 'Balance' },
  { name: 'walletBalance', label: 'Wallet Balance' },
  { name: 'profit', label: 'Profit' },
  { name: 'investment', label: 'Investment' },
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

/** The form's starting values: amounts shown with thousands separators, empty reason. */
export function accountFormValues(account: AdminAccount): AccountFormValues {
  const values = { reason: '' } as AccountFormValues;
  for (const { name } of ACCOUNT_AMOUNTS) values[name] = formatMoney(account[name], { prefix: '' });
  return values;
}

/**
 * What to send (SPEC §5): only the amounts that changed, with `$` and commas removed; the reason
 * joins them when given. An emptied amount counts as unchanged.
 */
export function accountChanges(values: AccountFormValues, initial: AccountFormValues): AccountAdjustmentInput {
  const input: AccountAdjustmentInput = {};
  for (const { name } of ACCOUNT_AMOUNTS) {
    const typed = unformatMoney(values[name]);
    if (typed !== '' && canonical(typed) !== canonical(initial[name])) input[name] = typed;
  }
  const reason = values.reason.trim();
  if (Object.keys(input).length > 0 && reason) input.reason = reason;
  return input;
}

/**
 * One amount as typed: empty leaves it unchanged; otherwise the server's own rule and messages
 * (common's accountAmountRule: a negative amount is told so, issue 14; up to 5 decimals; capped).
 */
const amount = () =>
  yup.string().test('money', function check(value) {
    if (!value?.trim()) return true;
    try {
      accountAmountRule().validateSync(value);
      return true;
    } catch (error) {
      return this.createError({ message: (error as yup.ValidationError).message });
    }
  });

/** SPEC §5 admin account edit: every field optional text, up to 5 decimals, not negative; reason free text. */
export const accountFormSchema = yup.object({
  ...Object.fromEntries(ACCOUNT_AMOUNTS.map(({ name }) => [name, amount()])),
  reason: yup.string().trim().max(500, 'must be at most 500 characters'),
});
