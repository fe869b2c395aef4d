import { DEFAULT_LOCALE, formatMoneyIn, type Locale, translatorFor } from '@cryptovest/common';
import { mailDay } from '../../platform/mail';
import { type RecordedEvent, TransactionEventKind } from '../../platform/timeline';
import { NotificationKind } from './notification.entity';

/**
 * What a notification says, in its owner's language (written once, when it is made: the stored
 * text is what the app and the mail show); the same words go into its e-mail (one source, no drift).
 */
export interface NotificationContent {
  kind: NotificationKind;
  title: string;
  body: string;
  transactionId: string | null;
}

/** The facts of a transaction a notification needs (read once per batch). */
export interface TransactionFacts {
  id: string;
  trxType: string;
  amount: string;
  crypto: string;
  /** The owner's language (`app_user.locale`); English when not known. */
  locale?: Locale;
}

/** Longest body stored (an admin's announcement can be long; the full text stays on the dashboard). */
const BODY_MAX = 2000;

/** "bitcoin" -> "Bitcoin", "usdt" -> "USDT". */
const coinName = (crypto: string) =>
  crypto.length <= 4 ? crypto.toUpperCase() : crypto.charAt(0).toUpperCase() + crypto.slice(1);

/** True for a decimal (text or number) above zero. */
const isPositive = (value: unknown) =>
  (typeof value === 'string' || typeof value === 'number') &&
  /[1-9]/.test(String(value).replace(/e.*$/i, '')) &&
  !String(value).startsWith('-');

/** Money from event data (decimal text or number) as `locale` writes it. */
const moneyIn = (locale: Locale, value: unknown) =>
  formatMoneyIn(locale, typeof value === 'number' || typeof value === 'string' ? value : null);

/** A date from event data (ISO text), as a UTC day in `locale`, or null. */
function day(locale: Locale, value: unknown): string | null {
  if (typeof value !== 'string') return null;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? null : mailDay(locale, date);
}

/**
 * The notification an event deserves, or null (submitted, reopened, matured and held events only
 * refresh the dashboard). Withdrawals and deposits are told apart by the transaction's type.
 */
export function contentForEvent(e: RecordedEvent, trx: TransactionFacts | undefined): NotificationContent | null {
  if (!trx) return null;
  const locale = trx.locale ?? DEFAULT_LOCALE;
  const t = translatorFor(locale, 'mail');
  const deposit = trx.trxType === 'DEPOSIT';
  const what = { amount: moneyIn(locale, trx.amount), coin: coinName(trx.crypto) };
  const base = { transactionId: e.transactionId };
  switch (e.kind) {
    case TransactionEventKind.CONFIRMED: {
      if (!deposit)
        return {
          ...base,
          kind: NotificationKind.WITHDRAWAL_CONFIRMED,
          title: t('Withdrawal confirmed'),
          body: t('Your withdrawal of {{amount}} in {{coin}} was confirmed and is on its way to your address.', what),
        };
      const ends = day(locale, e.data.maturesAt);
      return {
        ...base,
        kind: NotificationKind.DEPOSIT_CONFIRMED,
        title: t('Deposit confirmed'),
        body: ends
          ? t('Your deposit of {{amount}} in {{coin}} was confirmed. Its plan term ends on {{ends}}.', {
              ...what,
              ends,
            })
          : t('Your deposit of {{amount}} in {{coin}} was confirmed.', what),
      };
    }
    case TransactionEventKind.DECLINED: {
      const reason = e.reason ? { ...what, reason: e.reason } : null;
      if (deposit)
        return {
          ...base,
          kind: NotificationKind.DEPOSIT_DECLINED,
          title: t('Deposit declined'),
          body: reason
            ? t('Your deposit of {{amount}} in {{coin}} was declined. Reason: {{reason}}', reason)
            : t('Your deposit of {{amount}} in {{coin}} was declined.', what),
        };
      return {
        ...base,
        kind: NotificationKind.WITHDRAWAL_DECLINED,
        title: t('Withdrawal declined'),
        body: reason
          ? t('Your withdrawal of {{amount}} in {{coin}} was declined. Reason: {{reason}}', reason)
          : t('Your withdrawal of {{amount}} in {{coin}} was declined.', what),
      };
    }
    case TransactionEventKind.SETTLED: {
      if (!deposit) return null;
      const profit = moneyIn(locale, e.data.profit);
      // A plan that keeps the principal settles with principal 0: only the profit is credited then.
      const body = isPositive(e.data.principal)
        ? t(
            'Your deposit of {{amount}} in {{coin}} has completed its term: {{profit}} profit and {{principal}} principal were credited to your balance.',
            { ...what, profit, principal: moneyIn(locale, e.data.principal) },
          )
        : t(
            'Your deposit of {{amount}} in {{coin}} has completed its term: {{profit}} profit was credited to your balance.',
            { ...what, profit },
          );
      return { ...base, kind: NotificationKind.DEPOSIT_SETTLED, title: t('Deposit settled'), body };
    }
    default:
      return null;
  }
}

/** Named and numeric entities an admin's HTML commonly holds. */
const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ' };

/**
 * Plain text of admin-written HTML (an announcement): tags dropped, block ends as line breaks,
 * entities decoded, whitespace tidied. Never rendered as HTML, so this is for reading, not safety.
 */
export function plainText(html: string): string {
  return html
    .replace(/<(script|style)[^>]*>[\s\S]*?<\/\1>/gi, '')
    .replace(/<br\s*\/?>|<\/(p|div|li|h[1-6])>/gi, '\n')
    .replace(/<[^>]*>/g, '')
    .replace(/&(#\d+|#x[0-9a-f]+|[a-z]+);/gi, (whole, name: string) => {
      if (name[0] !== '#') return ENTITIES[name.toLowerCase()] ?? whole;
      const code = name[1] === 'x' || name[1] === 'X' ? parseInt(name.slice(2), 16) : parseInt(name.slice(1), 10);
      return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
    })
    .replace(/[ \t]+/g, ' ')
    .replace(/ *\n[\s]*/g, '\n')
    .trim();
}

/**
 * The notification of an admin's new message (plain text) or announcement (HTML, shown as text),
 * titled in the owner's language `locale` (the admin's own words are kept as written).
 */
export function contentForAdminMessage(
  field: 'message' | 'announcement',
  text: string,
  locale: Locale,
): NotificationContent {
  const t = translatorFor(locale, 'mail');
  const body = (field === 'announcement' ? plainText(text) : text.trim()).slice(0, BODY_MAX);
  return {
    kind: NotificationKind.ADMIN_MESSAGE,
    title: field === 'announcement' ? t('New announcement') : t('New message from the team'),
    body: body || t('(no text)'),
    transactionId: null,
  };
}
