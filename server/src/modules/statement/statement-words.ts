import {
  FORMAT_LOCALE,
  ledgerBucketLabel,
  ledgerReasonLabel,
  type Locale,
  type Translate,
  translatorFor,
} from '@cryptovest/common';
import type { Period } from './period';
import { moneyText } from './money-text';

/** One formatter per language and kind (building an Intl.DateTimeFormat is the costly part). */
const formats = new Map<string, Intl.DateTimeFormat>();

function utcFormat(locale: Locale, kind: 'day' | 'time' | 'seconds'): Intl.DateTimeFormat {
  const key = `${locale}:${kind}`;
  let format = formats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(
      FORMAT_LOCALE[locale],
      kind === 'day'
        ? { year: 'numeric', month: '2-digit', day: '2-digit', timeZone: 'UTC' }
        : {
            hour: '2-digit',
            minute: '2-digit',
            ...(kind === 'seconds' ? { second: '2-digit' as const } : {}),
            hourCycle: 'h23',
            timeZone: 'UTC',
          },
    );
    formats.set(key, format);
  }
  return format;
}

/**
 * The words and formats of a statement's language (issue 39): the account's `User.locale`.
 * Texts come from the `statements` catalogue, whose keys are the English text, so English reads
 * exactly as it always did; the ledger's bucket and reason words are looked up by their English
 * label (common's ledger-words). Dates stay UTC in every language; only their writing changes.
 */
export interface StatementWords {
  locale: Locale;
  /** A catalogue text of the `statements` namespace, with its `{{values}}`. */
  t: Translate;
  /** A bucket's name ("lockedBonus" -> "Locked bonus" / "Gesperrter Bonus"). */
  bucket(bucket: string): string;
  /** A ledger reason in words ("DEPOSIT_CONFIRMED" -> "Deposit confirmed" / "Einzahlung bestätigt"). */
  reason(reason: string): string;
  /** Dollars as a person reads them: "$1,457.40" / "1.457,40 $" / "1457,40 US$"; `signed` shows "+" on gains. */
  money(value: string, opts?: { signed?: boolean }): string;
  /** A `YYYY-MM-DD` day: as it is in English, "01.11.2026" in German, "01/11/2026" in Spanish. */
  day(isoDay: string): string;
  /** An instant to the minute, UTC: "2026-11-03 14:05" / "03.11.2026 14:05". */
  minute(at: Date): string;
  /** An instant to the second, UTC: "2026-11-03 14:05:00" / "03.11.2026 14:05:00". */
  second(at: Date): string;
  /** The period as the header states it: "2026-11-01 to 2026-11-30 (whole days in UTC, both included)". */
  period(period: Pick<Period, 'from' | 'to'>): string;
}

/** The words of `locale`'s statements (English when none is known). */
export function statementWords(locale: Locale = 'en'): StatementWords {
  const t = translatorFor(locale, 'statements');
  const english = locale === 'en';
  const day = (isoDay: string) => (english ? isoDay : utcFormat(locale, 'day').format(new Date(`${isoDay}T00:00:00Z`)));
  const at = (value: Date, kind: 'time' | 'seconds') =>
    english
      ? value
          .toISOString()
          .slice(0, kind === 'time' ? 16 : 19)
          .replace('T', ' ')
      : `${utcFormat(locale, 'day').format(value)} ${utcFormat(locale, kind).format(value)}`;
  return {
    locale,
    t,
    bucket: (bucket) => t(ledgerBucketLabel(bucket)),
    reason: (reason) => t(ledgerReasonLabel(reason)),
    money: (value, { signed = false } = {}) => moneyText(value, { signed, locale }),
    day,
    minute: (value) => at(value, 'time'),
    second: (value) => at(value, 'seconds'),
    period: (period) =>
      t('{{from}} to {{to}} (whole days in UTC, both included)', { from: day(period.from), to: day(period.to) }),
  };
}
