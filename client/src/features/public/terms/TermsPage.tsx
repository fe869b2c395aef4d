import Container from '@mui/material/Container';
import Typography from '@mui/material/Typography';

/** Terms of use (placeholder: replaced by the full page). */
export function TermsPage() {
  return (
    <Container sx={{ py: 8 }}>
      <Typography variant="h1">Terms of use</Typography>
    </Container>
  );
}
