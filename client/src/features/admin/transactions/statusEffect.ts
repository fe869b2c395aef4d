import { msg } from '@cryptovest/common';
import { coinName } from '../../../components/coins';
import { ENGLISH, type AdminWords } from '../components/adminWords';

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
 * Ada Lovelace's investment and Bitcoin balance.", in the language of `words` (English by
 * default). Null when no money moves (PENDING ⇄ DECLINED). One whole sentence per case, so each
 * language words it its own way.
 */
export function statusEffect(subject: StatusChangeSubject, next: string, words: AdminWords = ENGLISH): string | null {
  const entering = next === 'CONFIRMED' && subject.status !== 'CONFIRMED';
  const leaving = subject.status === 'CONFIRMED' && next !== 'CONFIRMED';
  if (!entering && !leaving) return null;
  const { t } = words;
  const amount = words.money(subject.amount);
  const name = subject.owner;
  if (subject.trxType === 'WITHDRAWAL') {
    if (entering)
      return name
        ? t("This debits {{amount}} from {{name}}'s balance.", { amount, name })
        : t("This debits {{amount}} from the investor's balance.", { amount });
    return name
      ? t("This returns {{amount}} to {{name}}'s balance.", { amount, name })
      : t("This returns {{amount}} to the investor's balance.", { amount });
  }
  const coin = subject.crypto && COIN_BUCKETS.has(subject.crypto) ? coinName(subject.crypto) : null;
  if (entering) {
    if (coin)
      return name
        ? t("This credits {{amount}} to {{name}}'s investment and {{coin}} balance.", { amount, name, coin })
        : t("This credits {{amount}} to the investor's investment and {{coin}} balance.", { amount, coin });
    return name
      ? t("This credits {{amount}} to {{name}}'s investment.", { amount, name })
      : t("This credits {{amount}} to the investor's investment.", { amount });
  }
  if (coin)
    return name
      ? t("This takes {{amount}} back from {{name}}'s investment and {{coin}} balance.", { amount, name, coin })
      : t("This takes {{amount}} back from the investor's investment and {{coin}} balance.", { amount, coin });
  return name
    ? t("This takes {{amount}} back from {{name}}'s investment.", { amount, name })
    : t("This takes {{amount}} back from the investor's investment.", { amount });
}

/** Why a settled deposit's status menu offers only CONFIRMED (the server refuses the rest: CONFLICT); a catalogue key. */
export const SETTLED_HINT = msg(
  'Settled: its term ended and its profit was paid, so it stays confirmed. Adjust the account instead.',
);

/** True when the status can no longer leave CONFIRMED: a deposit that has been settled. */
export function isSettled(t: { settlementState?: string | null }): boolean {
  return t.settlementState === 'SETTLED';
}
