import { FORMAT_LOCALE, type Locale, type Translate } from '@cryptovest/common';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

/** What lastUsedText needs of the reader's language. */
export interface LastUsedFormats {
  locale: Locale;
  /** The `t` of `security` (for "just now"). */
  t: Translate;
  /** A date and time as the reader writes it (see useTimestamp). */
  when: (iso: string) => string;
}

/**
 * "5 min ago" / "3 h ago": English keeps the specification's short forms; Spanish and German say
 * it with Intl's short style in their own words ("hace 5 min", "vor 5 Min.").
 */
function ago(locale: Locale, amount: number, unit: 'minute' | 'hour'): string {
  if (locale === 'en') return unit === 'minute' ? `${amount} min ago` : `${amount} h ago`;
  return new Intl.RelativeTimeFormat(FORMAT_LOCALE[locale], { style: 'short' }).format(-amount, unit);
}

/**
 * When a session was last used, as people say it in the reader's language: "just now" (the
 * server records use at most once a minute), "5 min ago", "3 h ago", then the date and time from
 * a day on.
 */
export function lastUsedText(iso: string, { locale, t, when }: LastUsedFormats, now: number = Date.now()): string {
  const at = new Date(iso).getTime();
  if (Number.isNaN(at)) return when(iso);
  const elapsed = Math.max(0, now - at);
  if (elapsed < 2 * MINUTE) return t('just now');
  if (elapsed < HOUR) return ago(locale, Math.floor(elapsed / MINUTE), 'minute');
  if (elapsed < 24 * HOUR) return ago(locale, Math.floor(elapsed / HOUR), 'hour');
  return when(iso);
}
