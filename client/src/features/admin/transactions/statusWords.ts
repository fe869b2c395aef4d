import { msg, type Translate } from '@cryptovest/common';

/** Each transaction status as the admin lists show it (the spec's capitals), as catalogue keys. */
const STATUS_LABELS: Readonly<Record<string, string>> = {
  PENDING: msg('PENDING'),
  CONFIRMED: msg('CONFIRMED'),
  DECLINED: msg('DECLINED'),
};

/** Each transaction type as the admin lists show it, as catalogue keys. */
const TYPE_LABELS: Readonly<Record<string, string>> = { DEPOSIT: msg('DEPOSIT'), WITHDRAWAL: msg('WITHDRAWAL') };

/** A status in the reader's language ("PENDING" / "AUSSTEHEND"); an unknown one as sent. */
export function statusWord(t: Translate, status: string): string {
  const key = STATUS_LABELS[status];
  return key ? t(key) : status;
}

/** A transaction type in the reader's language ("DEPOSIT" / "EINZAHLUNG"); an unknown one as sent. */
export function typeWord(t: Translate, type: string): string {
  const key = TYPE_LABELS[type];
  return key ? t(key) : type;
}
