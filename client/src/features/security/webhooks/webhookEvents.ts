import { msg } from '@cryptovest/common';

/** What each event type means, in a few words (the checkbox's second line); catalogue keys, shown with `t`. */
const EVENT_HINTS: Record<string, string> = {
  'deposit.created': msg('A deposit is made or found on chain'),
  'deposit.seen_on_chain': msg('Its payment is found on chain'),
  'deposit.confirmed': msg('A deposit is confirmed: its term starts'),
  'deposit.declined': msg('A deposit is declined'),
  'deposit.reopened': msg('A deposit is set back to pending'),
  'deposit.settled': msg('Its term ended: profit is credited'),
  'deposit.chain_reorganised': msg("Its payment's block left the chain"),
  'withdrawal.requested': msg('A withdrawal is asked for'),
  'withdrawal.confirmed': msg('A withdrawal is confirmed'),
  'withdrawal.declined': msg('A withdrawal is declined'),
  'withdrawal.reopened': msg('A withdrawal is set back to pending'),
  'withdrawal.paid_out': msg('Its payout is sent on chain'),
};

/** The few words explaining `eventType` (a catalogue key), or undefined for one this client does not know yet. */
export function eventHint(eventType: string): string | undefined {
  return EVENT_HINTS[eventType];
}

/** `chosen` in the server's order of `offered` (unknown ones, e.g. from an older list, kept at the end). */
export function inOfferedOrder(chosen: readonly string[], offered: readonly string[]): string[] {
  return [...offered.filter((e) => chosen.includes(e)), ...chosen.filter((e) => !offered.includes(e))];
}
