import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import { PageMeta } from '../../../components/PageMeta';

/** Any unknown path: a real 404 screen with a way back. */
export function NotFoundPage() {
  return (
    <Container maxWidth="sm" sx={{ py: { xs: 8, md: 12 }, textAlign: 'center' }}>
      <PageMeta title="Page not found" />
      <Typography variant="overline" component="p" sx={{ color: 'secondary.dark', fontWeight: 700 }}>
        Error 404
      </Typography>
      <Typography variant="h3" component="h1" gutterBottom>
        Page not found
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 4 }}>
        The page you are looking for does not exist or has moved.
      </Typography>
      <Button component={RouterLink} to="/" variant="contained" color="secondary">
        Back to home
      </Button>
    </Container>
  );
}
