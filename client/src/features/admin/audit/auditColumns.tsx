import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { EMPTY_VALUE } from '@cryptovest/common';
import { Link as RouterLink } from 'react-router';
import type { PagedColumn } from '../../../components/paged';
import { formatDate } from '../../../components/transactionCells';
import { TruncatedText } from '../../../components/TruncatedText';
import { EMAIL_MAX_WIDTH } from '../components/columnWidths';
import { detailsText, subjectLink, subjectWords, type AuditItem } from './auditLinks';

/** The actor: name over e-mail, or "System" for entries no signed-in person made. */
function Actor({ entry }: { entry: AuditItem }) {
  if (!entry.actor) return <Typography variant="body2">System</Typography>;
  return (
    <Box sx={{ display: 'grid' }}>
      <TruncatedText text={entry.actor.fullName} maxWidth={EMAIL_MAX_WIDTH} />
      <TruncatedText text={entry.actor.email} maxWidth={EMAIL_MAX_WIDTH} color="text.secondary" />
    </Box>
  );
}

/** The subject as a link to its record's drawer, else its kind in words. */
function Subject({ entry }: { entry: AuditItem }) {
  const link = subjectLink(entry);
  if (!link) return <>{subjectWords(entry) ?? EMPTY_VALUE}</>;
  return (
    <Link component={RouterLink} to={link.to} underline="always">
      {link.text}
    </Link>
  );
}

/**
 * The audit log's columns (issue 38): when, who, what in words, to which record, and the details;
 * five columns that fit 1280 px without a sideways scroll (details cut, full text on hover/focus).
 */
export const AUDIT_COLUMNS: PagedColumn<AuditItem>[] = [
  { header: 'When', cell: (e) => formatDate(e.createdAt), nowrap: true },
  { header: 'Who', cell: (e) => <Actor entry={e} /> },
  { header: 'Action', cell: (e) => e.actionLabel },
  { header: 'Subject', cell: (e) => <Subject entry={e} /> },
  {
    header: 'Details',
    cell: (e) => (
      <TruncatedText text={[detailsText(e), e.ip && `IP ${e.ip}`].filter(Boolean).join(' \u00b7 ')} maxWidth={260} />
    ),
  },
];
