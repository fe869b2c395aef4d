import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';

/** Props of StatCard. */
export interface StatCardProps {
  /** What the figure is ("Pending deposits"); the card's heading (this and the other texts translated by the caller). */
  title: string;
  /** The figure itself, large. */
  value: ReactNode;
  /** A line under it: a count, a comparison, what it is made of. */
  detail?: ReactNode;
  /** Where the figure's list is, and the link's words. */
  link?: { to: string; label: string };
}

/**
 * One figure of the admin overview: a heading, the value, a line of detail and, when the figure
 * has a list behind it, a link to that list. A section with its own heading, so screen readers
 * can jump between cards.
 */
export function StatCard({ title, value, detail, link }: StatCardProps) {
  return (
    <Paper
      variant="outlined"
      component="section"
      aria-label={title}
      sx={{ p: 2, display: 'flex', flexDirection: 'column', gap: 0.5, minWidth: 0 }}
    >
      <Typography variant="subtitle2" component="h2" color="text.secondary">
        {title}
      </Typography>
      <Typography variant="h5" component="p" sx={{ fontWeight: 700, overflowWrap: 'anywhere' }}>
        {value}
      </Typography>
      {detail && (
        <Typography variant="body2" color="text.secondary">
          {detail}
        </Typography>
      )}
      {link && (
        <Link component={RouterLink} to={link.to} variant="body2" sx={{ mt: 'auto', pt: 1, fontWeight: 600 }}>
          {link.label}
        </Link>
      )}
    </Paper>
  );
}
