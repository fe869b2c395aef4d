import { isMoneyText, unformatMoney } from '@cryptovest/common';
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

/** An empty form, so every field is controlled from the start. */
export const EMPTY_STATUS_FORM: StatusFormValues = { reason: '', payoutTxid: '', payoutFee: '' };

/** The dialog's rules, checked before the server refuses: reason required when the chain does not back the deposit. */
export function statusFormSchema({ reasonRequired }: { reasonRequired: boolean }) {
  const reason = yup.string().trim().max(MAX_REASON, `must be at most ${MAX_REASON} characters`);
  return yup.object({
    reason: reasonRequired ? reason.required(OVERRIDE_REASON_HINT) : reason,
    payoutTxid: yup.string().trim().max(MAX_PAYOUT_TXID, `must be at most ${MAX_PAYOUT_TXID} characters`),
    payoutFee: yup
      .string()
      .trim()
      .test(
        'money',
        'The fee is a dollar amount with at most 2 decimals',
        (v) => !v || isMoneyText(unformatMoney(v), 2),
      )
      .test(
        'with-txid',
        'A fee goes with a payout transaction id',
        (v, context) => !v || !!(context.parent as StatusFormValues).payoutTxid?.trim(),
      ),
  });
}

/** The typed values as variables: trimmed, `$` and commas off the fee, empty ones left out, payout only if asked. */
export function statusChange(values: StatusFormValues, { payout }: { payout: boolean }): StatusChange {
  const change: StatusChange = {};
  const reason = values.reason.trim();
  if (reason) change.reason = reason;
  if (!payout) return change;
  const txid = values.payoutTxid.trim();
  const fee = unformatMoney(values.payoutFee);
  if (txid) change.payoutTxid = txid;
  if (fee) change.payoutFee = fee;
  return change;
}
