import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import { DATE_LOCALE, DEFAULT_LOCALE, EMPTY_VALUE, msg, type Locale } from '@cryptovest/common';
import { useTranslation } from 'react-i18next';

/** One formatter per language (building an Intl.DateTimeFormat is the costly part). */
const dateFormats = new Map<Locale, Intl.DateTimeFormat>();

function dateFormatOf(locale: Locale): Intl.DateTimeFormat {
  let format = dateFormats.get(locale);
  if (!format) {
    format = new Intl.DateTimeFormat(DATE_LOCALE[locale], { dateStyle: 'medium', timeStyle: 'short' });
    dateFormats.set(locale, format);
  }
  return format;
}

/**
 * A timestamp as "22 Nov 2026, 04:53" (German "22.11.2026, 04:53", Spanish "22 nov 2026, 4:53") in
 * the reader's time zone, or the em dash when unreadable. `locale` is the page's language
 * (`useFormat().locale`); English when not given.
 */
export function formatDate(iso: string, locale: Locale = DEFAULT_LOCALE): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? EMPTY_VALUE : dateFormatOf(locale).format(date);
}

/** The shown word of each transaction type (catalogue keys); an unknown type is shown as sent. */
const TRX_TYPE_LABELS: Readonly<Record<string, string>> = { DEPOSIT: msg('DEPOSIT'), WITHDRAWAL: msg('WITHDRAWAL') };

/** Transaction type as a chip: DEPOSIT green, anything else amber (SPEC §2). */
export function TrxTypeChip({ type }: { type: string }) {
  const { t } = useTranslation();
  const label = TRX_TYPE_LABELS[type];
  return <Chip size="small" label={label ? t(label) : type} color={type === 'DEPOSIT' ? 'success' : 'warning'} />;
}

/** The proof image as a 'view' link opening in a new tab, or the em dash when there is none. */
export function ProofLink({ url }: { url: string | null | undefined }) {
  const { t } = useTranslation();
  if (!url) return <>{EMPTY_VALUE}</>;
  return (
    <Link
      href={url}
      target="_blank"
      rel="noopener noreferrer"
      underline="always"
      aria-label={t('view proof (opens in a new tab)')}
    >
      {t('view')}
    </Link>
  );
}
