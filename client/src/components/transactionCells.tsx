import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import { EMPTY_VALUE } from '@cryptovest/common';

const dateFormat = new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeStyle: 'short' });

/** A timestamp as "22 Nov 2026, 04:53", or the em dash when unreadable. */
export function formatDate(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? EMPTY_VALUE : dateFormat.format(date);
}

/** Transaction type as a chip: DEPOSIT green, anything else amber (SPEC §2). */
export function TrxTypeChip({ type }: { type: string }) {
  return <Chip size="small" label={type} color={type === 'DEPOSIT' ? 'success' : 'warning'} />;
}

/** The proof image as a 'view' link opening in a new tab, or the em dash when there is none. */
export function ProofLink({ url }: { url: string | null | undefined }) {
  if (!url) return <>{EMPTY_VALUE}</>;
  return (
    <Link
      href={url}
      target="_blank"
      rel="noopener noreferrer"
      underline="always"
      aria-label="view proof (opens in a new tab)"
    >
      view
    </Link>
  );
}
