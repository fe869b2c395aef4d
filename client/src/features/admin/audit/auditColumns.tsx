import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { EMPTY_VALUE, msg } from '@cryptovest/common';
import { Link as RouterLink } from 'react-router';
import type { PagedColumn } from '../../../components/paged';
import { TruncatedText } from '../../../components/TruncatedText';
import { useAdminWords } from '../components/adminWords';
import { EMAIL_MAX_WIDTH } from '../components/columnWidths';
import { detailsText, subjectLink, subjectWords, type AuditItem } from './auditLinks';

/** The actor: name over e-mail, or "System" for entries no signed-in person made. */
function Actor({ entry }: { entry: AuditItem }) {
  const { t } = useAdminWords();
  if (!entry.actor) return <Typography variant="body2">{t('System')}</Typography>;
  return (
    <Box sx={{ display: 'grid' }}>
      <TruncatedText text={entry.actor.fullName} maxWidth={EMAIL_MAX_WIDTH} />
      <TruncatedText text={entry.actor.email} maxWidth={EMAIL_MAX_WIDTH} color="text.secondary" />
    </Box>
  );
}

/** The subject as a link to its record's drawer, else its kind in words. */
function Subject({ entry }: { entry: AuditItem }) {
  const { t } = useAdminWords();
  const link = subjectLink(entry, t);
  if (!link) return <>{subjectWords(entry, t) ?? EMPTY_VALUE}</>;
  return (
    <Link component={RouterLink} to={link.to} underline="always">
      {link.text}
    </Link>
  );
}

/** What was done, in the reader's words: the server's English label is the catalogue key. */
function Action({ entry }: { entry: AuditItem }) {
  const { t } = useAdminWords();
  return <>{t(entry.actionLabel)}</>;
}

/** When an entry was made, in the reader's format. */
function When({ iso }: { iso: string }) {
  const { stamp } = useAdminWords();
  return <>{stamp(iso)}</>;
}

/** The details line, with the address the action came from. */
function Details({ entry }: { entry: AuditItem }) {
  const { t } = useAdminWords();
  const text = [detailsText(entry), entry.ip && t('IP {{ip}}', { ip: entry.ip })].filter(Boolean).join(' \u00b7 ');
  return <TruncatedText text={text} maxWidth={260} />;
}

/**
 * The audit log's columns (issue 38): when, who, what in words, to which record, and the details;
 * five columns that fit 1280 px without a sideways scroll (details cut, full text on hover/focus).
 * Headers are catalogue keys, translated where shown; the action's words come from the server in
 * English (server/src/platform/audit/audit-actions.ts), which are keys of the `admin` catalogue.
 */
export const AUDIT_COLUMNS: PagedColumn<AuditItem>[] = [
  { header: msg('When'), cell: (e) => <When iso={e.createdAt} />, nowrap: true },
  { header: msg('Who'), cell: (e) => <Actor entry={e} /> },
  { header: msg('Action'), cell: (e) => <Action entry={e} /> },
  { header: msg('Subject'), cell: (e) => <Subject entry={e} /> },
  { header: msg('Details'), cell: (e) => <Details entry={e} /> },
];
