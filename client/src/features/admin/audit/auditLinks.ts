import { msg, type Translate } from '@cryptovest/common';
import type { AdminAuditLogQuery } from '../../../generated/graphql';
import { recordPath } from '../components/recordPath';

/** One entry of the audit log as the page lists it. */
export type AuditItem = AdminAuditLogQuery['auditLog']['items'][number];

/** Where an entry's subject can be opened, and what the link says (in the language of `t`); null when it has no record view. */
export function subjectLink(entry: AuditItem, t: Translate): { to: string; text: string } | null {
  const owner = entry.subjectOwner;
  switch (entry.subjectType) {
    case 'user':
      return owner ? { to: recordPath('users', owner.id), text: owner.fullName } : null;
    case 'account':
      return owner
        ? { to: recordPath('accounts', owner.id), text: t('Account of {{name}}', { name: owner.fullName }) }
        : null;
    case 'transaction':
      return entry.subjectId
        ? {
            to: recordPath('transactions', entry.subjectId),
            text: owner ? t('Transaction of {{name}}', { name: owner.fullName }) : t('Transaction'),
          }
        : null;
    default:
      return null;
  }
}

/** The kinds of subject the trail records, in words (catalogue keys). */
const SUBJECT_WORDS: Readonly<Record<string, string>> = {
  user: msg('user'),
  account: msg('account'),
  transaction: msg('transaction'),
  api_key: msg('api key'),
  webhook_endpoint: msg('webhook endpoint'),
  contact_message: msg('contact message'),
  mail_outbox: msg('mail outbox'),
};

/** A subject without a record view in words ("api key", "webhook endpoint"), in the language of `t`; or nothing. */
export function subjectWords(entry: AuditItem, t: Translate): string | null {
  const type = entry.subjectType;
  if (!type) return null;
  const key = SUBJECT_WORDS[type];
  return key ? t(key) : type.replace(/_/g, ' ');
}

/** An entry's details (its metadata, as the server records it) as one line: "fields: ["city"] · reason: goodwill". */
export const detailsText = (entry: AuditItem): string =>
  entry.details.map((d) => `${d.key}: ${d.value}`).join(' \u00b7 ');
