import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { Suspense, useId, type ReactNode } from 'react';

/** Props of ChartSection. */
export interface ChartSectionProps {
  title: string;
  /** Controls beside the heading (the range picker). */
  actions?: ReactNode;
  /** One sentence saying what the chart shows (also the drawing's description for screen readers). */
  summary: ReactNode;
  /** The drawing (lazily loaded); null while there is nothing to draw yet. */
  chart: ReactNode | null;
  /** The chart's numbers as a table, visually hidden: what screen readers read instead of the drawing. */
  table?: ReactNode;
  height: number;
  /** Dims the drawing while a new range loads. */
  busy?: boolean;
}

/**
 * Frame of an overview chart: heading and controls, a one-line summary, the drawing (hidden from
 * screen readers as one image named by the heading and described by the summary) and the hidden
 * table of its numbers. The drawing's height is kept while it loads, so nothing below jumps.
 */
export function ChartSection({ title, actions, summary, chart, table, height, busy }: ChartSectionProps) {
  const headingId = useId();
  const summaryId = useId();
  const placeholder = <Skeleton variant="rounded" height={height} />;
  return (
    <Paper
      variant="outlined"
      component="section"
      aria-labelledby={headingId}
      sx={{ p: 2, mb: 3, minWidth: 0, position: 'relative' }}
    >
      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', justifyContent: 'space-between', gap: 1 }}>
        <Typography id={headingId} variant="h6" component="h2">
          {title}
        </Typography>
        {actions}
      </Box>
      <Typography id={summaryId} variant="body2" color="text.secondary" sx={{ mt: 1 }} aria-live="polite">
        {summary}
      </Typography>
      <Box
        role="img"
        aria-labelledby={headingId}
        aria-describedby={summaryId}
        aria-busy={busy}
        sx={{ height, mt: 1, minWidth: 0, opacity: busy ? 0.6 : 1 }}
      >
        {chart ? <Suspense fallback={placeholder}>{chart}</Suspense> : placeholder}
      </Box>
      {table}
    </Paper>
  );
}
