import {
  atMostCharactersMessage,
  isMoneyText,
  type Locale,
  msg,
  parseAmountIn,
  unformatMoney,
} from '@cryptovest/common';
import * as yup from 'yup';
import { OVERRIDE_REASON_HINT } from './chainCheck';

/** Longest reason the server takes (docs/graphql.md, setTransactionStatus). */
export const MAX_REASON = 500;

/** Longest payout transaction id the server takes. */
export const MAX_PAYOUT_TXID = 250;

/** The status dialog's fields as typed; the payout ones only show when a withdrawal is being confirmed. */
export interface StatusFormValues {
  reason: string;
  payoutTxid: string;
  payoutFee: string;
}

/** Fields the server may name in an error that the dialog shows under the field (the rest are only toasted). */
export const STATUS_FORM_FIELDS: readonly string[] = ['reason', 'payoutTxid', 'payoutFee'];

/** What the mutation gets besides id, status and key: only what was typed. */
export interface StatusChange {
  reason?: string;
  payoutTxid?: string;
  payoutFee?: string;
}

/**
 * A fee as typed, as the plain decimal the API takes: English as before ("$1,500.50" -> "1500.50"),
 * another language with its own separators ("1.500,50" in German); what cannot be read stays as
 * typed, for the rule to refuse.
 */
export function typedFee(text: string, locale: Locale = 'en'): string {
  if (locale === 'en') return unformatMoney(text);
  return parseAmountIn(locale, text) ?? unformatMoney(text);
}

/** An empty form, so every field is controlled from the start. */
export const EMPTY_STATUS_FORM: StatusFormValues = { reason: '', payoutTxid: '', payoutFee: '' };

/**
 * The dialog's rules, checked before the server refuses: reason required when the chain does not
 * back the deposit; the fee read in the reader's `locale` (English by default). Messages are
 * `admin` catalogue keys.
 */
export function statusFormSchema({ reasonRequired, locale = 'en' }: { reasonRequired: boolean; locale?: Locale }) {
  const reason = yup.string().trim().max(MAX_REASON, atMostCharactersMessage(MAX_REASON));
  return yup.object({
    reason: reasonRequired ? reason.required(OVERRIDE_REASON_HINT) : reason,
    payoutTxid: yup.string().trim().max(MAX_PAYOUT_TXID, atMostCharactersMessage(MAX_PAYOUT_TXID)),
    payoutFee: yup
      .string()
      .trim()
      .test(
        'money',
        msg('The fee is a dollar amount with at most 2 decimals'),
        (v) => !v || isMoneyText(typedFee(v, locale), 2),
      )
      .test(
        'with-txid',
        msg('A fee goes with a payout transaction id'),
        (v, context) => !v || !!(context.parent as StatusFormValues).payoutTxid?.trim(),
      ),
  });
}

/**
 * The typed values as variables: trimmed, the fee as a plain decimal (typed in `locale`, English by
 * default), empty ones left out, payout only if asked.
 */
export function statusChange(
  values: StatusFormValues,
  { payout, locale = 'en' }: { payout: boolean; locale?: Locale },
): StatusChange {
  const change: StatusChange = {};
  const reason = values.reason.trim();
  if (reason) change.reason = reason;
  if (!payout) return change;
  const txid = values.payoutTxid.trim();
  const fee = typedFee(values.payoutFee, locale);
  if (txid) change.payoutTxid = txid;
  if (fee) change.payoutFee = fee;
  return change;
}
