import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { PageMeta } from '../../../components/PageMeta';

/** Props of AuthCard. */
export interface AuthCardProps {
  /** The page heading (h1), also the document title. */
  title: string;
  /** One line under the heading. */
  subtitle?: ReactNode;
  /** Links under the card body, e.g. "Forgot password?". */
  footer?: ReactNode;
  children: ReactNode;
}

/**
 * Frame of the guest pages (login, register, verify, reset, change password): one centred
 * card, single column, that fills the width on phones.
 */
export function AuthCard({ title, subtitle, footer, children }: AuthCardProps) {
  return (
    <Container maxWidth="sm" sx={{ py: { xs: 4, md: 8 }, px: { xs: 2, sm: 3 } }}>
      <PageMeta title={title} />
      <Paper variant="outlined" sx={{ p: { xs: 3, sm: 5 }, borderRadius: 3 }}>
        <Typography variant="h4" component="h1" gutterBottom={!subtitle}>
          {title}
        </Typography>
        {subtitle && (
          <Typography color="text.secondary" sx={{ mt: 1, mb: 3, overflowWrap: 'anywhere' }}>
            {subtitle}
          </Typography>
        )}
        {children}
        {footer && (
          <Box
            sx={{ mt: 3, display: 'flex', flexDirection: 'column', gap: 1, alignItems: 'center', textAlign: 'center' }}
          >
            {footer}
          </Box>
        )}
      </Paper>
    </Container>
  );
}
