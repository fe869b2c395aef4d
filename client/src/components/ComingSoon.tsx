import Container from '@mui/material/Container';
import Typography from '@mui/material/Typography';
import { PageMeta } from './PageMeta';

/** Props of ComingSoon. */
export interface ComingSoonProps {
  /** Page heading, also the document title. */
  title: string;
  /** The one-line notice, e.g. "Sign-in is coming soon." */
  message: string;
}

/** Placeholder body for a routed page whose real screen a later issue builds. */
export function ComingSoon({ title, message }: ComingSoonProps) {
  return (
    <Container maxWidth="lg" sx={{ py: { xs: 6, md: 10 } }}>
      <PageMeta title={title} />
      <Typography variant="h4" component="h1" gutterBottom>
        {title}
      </Typography>
      <Typography color="text.secondary">{message}</Typography>
    </Container>
  );
}
