import { msg, type Translate } from '@cryptovest/common';
import type { AdminChainCheckFragment, ChainCheckResult, TrxOrigin } from '../../../generated/graphql';
import { englishText } from '../components/adminWords';

/** What the status dialog and the Chain column know of a transaction's standing on chain (issue 35). */
export interface ChainSubject {
  trxType: string;
  crypto: string | null;
  /** INVESTOR: submitted or requested; CHAIN: a payment the chain watcher found. */
  origin: TrxOrigin;
  /** A deposit's payment or a confirmed withdrawal's payout; null when none was given. */
  transactionId: string | null;
  /** Deposits: the amount in the coin the investor claimed. */
  cryptoAmount: string | null;
  /** Why a deposit the watcher found waits for an admin. */
  chainHold: string | null;
  /** Null until the transaction id has been looked up. */
  chainCheck: AdminChainCheckFragment | null;
}

/** MUI colours a chain result is shown in, by severity. */
export type ChainSeverity = 'success' | 'error' | 'warning' | 'default';

/** Results the chain does not back: the server confirms them only with a reason (its DOUBTFUL_CHAIN_RESULTS). */
export const DOUBTFUL_RESULTS: readonly ChainCheckResult[] = [
  'NOT_FOUND',
  'WRONG_ADDRESS',
  'AMOUNT_MISMATCH',
  'UNCONFIRMED',
];

/** Helper text of the reason when the chain does not back a deposit being confirmed (and its "required" message); a catalogue key. */
export const OVERRIDE_REASON_HINT = msg('The chain does not back this deposit: say why you confirm it anyway');

/** Said in the dialog for UNCHECKED, so an admin knows the manual flow applies; a catalogue key. */
export const UNCHECKED_TEXT = msg('Not checked on chain (no chain configured for this coin)');

const SEVERITY: Record<ChainCheckResult, ChainSeverity> = {
  VERIFIED: 'success',
  NOT_FOUND: 'error',
  WRONG_ADDRESS: 'error',
  AMOUNT_MISMATCH: 'warning',
  UNCONFIRMED: 'warning',
  UNCHECKED: 'default',
};

/** Each result in words (catalogue keys). */
const WORDS: Record<Exclude<ChainCheckResult, 'UNCONFIRMED'>, string> = {
  VERIFIED: msg('Verified'),
  NOT_FOUND: msg('Not found'),
  WRONG_ADDRESS: msg('Wrong address'),
  AMOUNT_MISMATCH: msg('Amount mismatch'),
  UNCHECKED: msg('Not checked'),
};

/** Chip colours follow how far the chain backs the payment, so doubtful rows stand out in the list. */
export function chainSeverity(result: ChainCheckResult): ChainSeverity {
  return SEVERITY[result];
}

/**
 * "n of N confirmations" (N when known: ChainCheck does not carry it), the noun agreeing with the
 * count, in the language of `t` (English by default).
 */
export function confirmationsText(confirmations: number, required?: number | null, t: Translate = englishText): string {
  return required
    ? t('{{confirmations}} of {{count}} confirmations', { confirmations, count: required })
    : t('{{count}} confirmations', { count: confirmations });
}

/**
 * A chain result in words ("Wrong address", "2 of 6 confirmations"), the same in the list and the
 * dialog, in the language of `t` (English by default).
 */
export function chainResultText(
  check: Pick<AdminChainCheckFragment, 'result' | 'confirmations'>,
  required?: number,
  t: Translate = englishText,
): string {
  if (check.result !== 'UNCONFIRMED') return t(WORDS[check.result]);
  return check.confirmations ? confirmationsText(check.confirmations, required, t) : t('Unconfirmed');
}

/** True when confirming `t` as `next` needs the admin's reason (the server's rule, asked before it refuses). */
export function needsOverrideReason(t: Pick<ChainSubject, 'trxType' | 'chainCheck'>, next: string): boolean {
  return (
    next === 'CONFIRMED' && t.trxType === 'DEPOSIT' && !!t.chainCheck && DOUBTFUL_RESULTS.includes(t.chainCheck.result)
  );
}
