import { formatMoney } from '@cryptovest/common';
import { type RecordedEvent, TransactionEventKind } from '../../platform/timeline';
import { NotificationKind } from './notification.entity';

/** What a notification says; the same words go into its e-mail (one source, no drift). */
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

const money = (value: unknown) => formatMoney(typeof value === 'number' || typeof value === 'string' ? value : null);

/** A date from event data (ISO text), as a UTC day, or null. */
function day(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? null : date.toUTCString().slice(0, 16);
}

const withReason = (sentence: string, reason: string | null) => (reason ? `${sentence} Reason: ${reason}` : sentence);

/**
 * The notification an event deserves, or null (submitted, reopened, matured and held events only
 * refresh the dashboard). Withdrawals and deposits are told apart by the transaction's type.
 */
export function contentForEvent(e: RecordedEvent, trx: TransactionFacts | undefined): NotificationContent | null {
  if (!trx) return null;
  const deposit = trx.trxType === 'DEPOSIT';
  const what = `${deposit ? 'deposit' : 'withdrawal'} of ${money(trx.amount)} in ${coinName(trx.crypto)}`;
  const base = { transactionId: e.transactionId };
  switch (e.kind) {
    case TransactionEventKind.CONFIRMED: {
      if (!deposit)
        return {
          ...base,
          kind: NotificationKind.WITHDRAWAL_CONFIRMED,
          title: 'Withdrawal confirmed',
          body: `Your ${what} was confirmed and is on its way to your address.`,
        };
      const ends = day(e.data.maturesAt);
      return {
        ...base,
        kind: NotificationKind.DEPOSIT_CONFIRMED,
        title: 'Deposit confirmed',
        body: `Your ${what} was confirmed.${ends ? ` Its plan term ends on ${ends}.` : ''}`,
      };
    }
    case TransactionEventKind.DECLINED:
      return {
        ...base,
        kind: deposit ? NotificationKind.DEPOSIT_DECLINED : NotificationKind.WITHDRAWAL_DECLINED,
        title: deposit ? 'Deposit declined' : 'Withdrawal declined',
        body: withReason(`Your ${what} was declined.`, e.reason),
      };
    case TransactionEventKind.SETTLED: {
      if (!deposit) return null;
      // A plan that keeps the principal settles with principal 0: only the profit is credited then.
      const principal = isPositive(e.data.principal) ? ` and ${money(e.data.principal)} principal were` : ' was';
      return {
        ...base,
        kind: NotificationKind.DEPOSIT_SETTLED,
        title: 'Deposit settled',
        body: `Your ${what} has completed its term: ${money(e.data.profit)} profit${principal} credited to your balance.`,
      };
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

/** The notification of an admin's new message (plain text) or announcement (HTML, shown as text). */
export function contentForAdminMessage(field: 'message' | 'announcement', text: string): NotificationContent {
  const body = (field === 'announcement' ? plainText(text) : text.trim()).slice(0, BODY_MAX);
  return {
    kind: NotificationKind.ADMIN_MESSAGE,
    title: field === 'announcement' ? 'New announcement' : 'New message from the team',
    body: body || '(no text)',
    transactionId: null,
  };
}
