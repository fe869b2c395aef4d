import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Typography from '@mui/material/Typography';
import { MSG } from '@cryptovest/common';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useRouteError } from 'react-router';

/** Every route's errorElement: the generic fallback screen of SPEC §2. */
export function ErrorPage() {
  const { t } = useTranslation();
  const error = useRouteError();
  useEffect(() => {
    console.error(error);
  }, [error]);
  return (
    <Container maxWidth="sm" sx={{ py: { xs: 8, md: 12 }, textAlign: 'center' }}>
      <Typography variant="h4" component="h1" gutterBottom>
        {t(MSG.unexpectedAppError)}
      </Typography>
      {/* A plain link (full page load) so a broken client state is dropped. */}
      <Button href="/" variant="outlined" color="secondary" sx={{ mt: 2 }}>
        {t('Back to home')}
      </Button>
    </Container>
  );
}
