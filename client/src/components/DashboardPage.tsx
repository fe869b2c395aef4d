import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { PageMeta } from './PageMeta';

/** Props of DashboardPage. */
export interface DashboardPageProps {
  /** The page's h1, also the document title. */
  title: string;
  /** Replaces the visible heading text (e.g. "Welcome back, Ada"); `title` stays the document title. */
  heading?: ReactNode;
  children: ReactNode;
}

/** Frame of every signed-in page (investor and admin): document title, one h1, padded content. */
export function DashboardPage({ title, heading, children }: DashboardPageProps) {
  return (
    <Box sx={{ p: { xs: 2, md: 4 }, maxWidth: 1400, mx: 'auto' }}>
      <PageMeta title={title} />
      {/* Right padding on desktop: the layout's theme toggle, bell and avatar sit at the h1's right. */}
      <Typography variant="h5" component="h1" sx={{ mb: 3, fontWeight: 700, pr: { md: 18 } }}>
        {heading ?? title}
      </Typography>
      {children}
    </Box>
  );
}
