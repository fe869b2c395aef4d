import { formatMoney } from '@cryptovest/common';
import { coinName } from '../../../components/coins';

/** What a status change needs to know of a transaction to say what it does to the money. */
export interface StatusChangeSubject {
  trxType: string;
  amount: string;
  crypto: string | null;
  status: string;
  /** The investor's name ("Ada Lovelace"); null when unknown. */
  owner: string | null;
}

/** Coins whose own balance a confirmed deposit also credits (the server's COIN_BUCKETS). */
const COIN_BUCKETS = new Set(['bitcoin', 'ethereum', 'bnb', 'litecoin', 'usdt']);

/**
 * What setting `next` does to the investor's money, as the server applies it (DESIGN §3:
 * entering CONFIRMED applies the effect, leaving it reverses it), e.g. "This credits $12,000 to
 * Ada Lovelace's investment and Bitcoin balance." Null when no money moves (PENDING ⇄ DECLINED).
 */
export function statusEffect(t: StatusChangeSubject, next: string): string | null {
  const entering = next === 'CONFIRMED' && t.status !== 'CONFIRMED';
  const leaving = t.status === 'CONFIRMED' && next !== 'CONFIRMED';
  if (!entering && !leaving) return null;
  const money = formatMoney(t.amount);
  const whose = t.owner ? `${t.owner}'s` : "the investor's";
  if (t.trxType === 'WITHDRAWAL') {
    return entering ? `This debits ${money} from ${whose} balance.` : `This returns ${money} to ${whose} balance.`;
  }
  const buckets =
    t.crypto && COIN_BUCKETS.has(t.crypto) ? `investment and ${coinName(t.crypto)} balance` : 'investment';
  return entering
    ? `This credits ${money} to ${whose} ${buckets}.`
    : `This takes ${money} back from ${whose} ${buckets}.`;
}

/** Why a settled deposit's status menu offers only CONFIRMED (the server refuses the rest: CONFLICT). */
export const SETTLED_HINT =
  'Settled: its term ended and its profit was paid, so it stays confirmed. Adjust the account instead.';

/** True when the status can no longer leave CONFIRMED: a deposit that has been settled. */
export function isSettled(t: { settlementState?: string | null }): boolean {
  return t.settlementState === 'SETTLED';
}
