import HomeIcon from '@mui/icons-material/HomeOutlined';
import MailIcon from '@mui/icons-material/MailOutlineOutlined';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { PageMeta } from '../../../components/PageMeta';
import { LostChart } from './LostChart';

/** Any unknown path: a real 404 screen with a way back home or to support. */
export function NotFoundPage() {
  const { t } = useTranslation('public');
  return (
    <Container maxWidth="sm" sx={{ py: { xs: 6, md: 10 }, textAlign: 'center' }}>
      <PageMeta
        title={t('Page not found')}
        description={t('The page you are looking for does not exist or has moved.')}
      />
      <LostChart />
      <Typography variant="overline" component="p" sx={{ color: 'secondary.dark', fontWeight: 700 }}>
        {t('Error 404')}
      </Typography>
      <Typography variant="h3" component="h1" gutterBottom sx={{ hyphens: 'auto', overflowWrap: 'break-word' }}>
        {t('Page not found')}
      </Typography>
      <Typography sx={{ color: 'text.secondary', mb: 4 }}>
        {t(
          'The page you are looking for does not exist or has moved. Check the address, or head back to the home page. If you followed a link here, let us know.',
        )}
      </Typography>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ justifyContent: 'center' }}>
        <Button component={RouterLink} to="/" variant="contained" color="secondary" startIcon={<HomeIcon />}>
          {t('Home')}
        </Button>
        <Button component={RouterLink} to="/contact" variant="outlined" color="secondary" startIcon={<MailIcon />}>
          {t('Contact Us')}
        </Button>
      </Stack>
    </Container>
  );
}
