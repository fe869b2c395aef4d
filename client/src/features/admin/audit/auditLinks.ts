import type { AdminAuditLogQuery } from '../../../generated/graphql';
import { recordPath } from '../components/recordPath';

/** One entry of the audit log as the page lists it. */
export type AuditItem = AdminAuditLogQuery['auditLog']['items'][number];

/** Where an entry's subject can be opened, and what the link says; null when it has no record view. */
export function subjectLink(entry: AuditItem): { to: string; text: string } | null {
  const owner = entry.subjectOwner;
  switch (entry.subjectType) {
    case 'user':
      return owner ? { to: recordPath('users', owner.id), text: owner.fullName } : null;
    case 'account':
      return owner ? { to: recordPath('accounts', owner.id), text: `Account of ${owner.fullName}` } : null;
    case 'transaction':
      return entry.subjectId
        ? {
            to: recordPath('transactions', entry.subjectId),
            text: owner ? `Transaction of ${owner.fullName}` : 'Transaction',
          }
        : null;
    default:
      return null;
  }
}

/** A subject without a record view in words: "api key", "webhook endpoint", or nothing. */
export const subjectWords = (entry: AuditItem): string | null => entry.subjectType?.replace(/_/g, ' ') ?? null;

/** An entry's details (its metadata) as one line: "fields: ["city"] · reason: goodwill". */
export const detailsText = (entry: AuditItem): string =>
  entry.details.map((d) => `${d.key}: ${d.value}`).join(' \u00b7 ');
