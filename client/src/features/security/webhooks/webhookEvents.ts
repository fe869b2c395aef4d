/** What each event type means, in a few words (the checkbox's second line). */
const EVENT_HINTS: Record<string, string> = {
  'deposit.created': 'A deposit is made or found on chain',
  'deposit.seen_on_chain': 'Its payment is found on chain',
  'deposit.confirmed': 'A deposit is confirmed: its term starts',
  'deposit.declined': 'A deposit is declined',
  'deposit.reopened': 'A deposit is set back to pending',
  'deposit.settled': 'Its term ended: profit is credited',
  'deposit.chain_reorganised': "Its payment's block left the chain",
  'withdrawal.requested': 'A withdrawal is asked for',
  'withdrawal.confirmed': 'A withdrawal is confirmed',
  'withdrawal.declined': 'A withdrawal is declined',
  'withdrawal.reopened': 'A withdrawal is set back to pending',
  'withdrawal.paid_out': 'Its payout is sent on chain',
};

/** The few words explaining `eventType`, or undefined for one this client does not know yet. */
export function eventHint(eventType: string): string | undefined {
  return EVENT_HINTS[eventType];
}

/** `chosen` in the server's order of `offered` (unknown ones, e.g. from an older list, kept at the end). */
export function inOfferedOrder(chosen: readonly string[], offered: readonly string[]): string[] {
  return [...offered.filter((e) => chosen.includes(e)), ...chosen.filter((e) => !offered.includes(e))];
}
