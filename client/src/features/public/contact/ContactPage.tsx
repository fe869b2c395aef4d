import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import Grid from '@mui/material/Grid';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { PageMeta } from '../../../components/PageMeta';
import { useSite } from '../../../app/site/site';
import { brand } from '../../../app/theme/themeOptions';
import { ContactDetails } from './ContactDetails';
import { ContactForm } from './ContactForm';

/** Navy banner with the page heading (navy in both colour schemes, like the home hero). */
function ContactHero() {
  const { t } = useTranslation('public');
  return (
    <Box
      component="section"
      aria-labelledby="contact-heading"
      sx={{
        color: '#ffffff',
        background: `radial-gradient(900px 360px at 90% -20%, rgba(20,184,166,0.35), transparent 60%), linear-gradient(135deg, ${brand.navyDark} 0%, ${brand.navy} 100%)`,
        py: { xs: 6, md: 9 },
      }}
    >
      <Container maxWidth="lg">
        <Typography variant="overline" component="p" sx={{ color: brand.tealLight, fontWeight: 700 }}>
          {t('24/7 support')}
        </Typography>
        <Typography
          id="contact-heading"
          variant="h3"
          component="h1"
          sx={{ hyphens: 'auto', overflowWrap: 'break-word' }}
        >
          {t('Contact Us')}
        </Typography>
        <Typography sx={{ mt: 2, maxWidth: 600, color: 'rgba(255,255,255,0.86)', fontSize: '1.125rem' }}>
          {t('Questions about a plan, a deposit or a withdrawal? Send us a message and our team will get back to you.')}
        </Typography>
      </Container>
    </Box>
  );
}

/** /contact (SPEC §2, issue 4): hero, the operator's contact details and the message form. */
export function ContactPage() {
  const { t } = useTranslation('public');
  const { brandName } = useSite();
  return (
    <>
      <PageMeta
        title={t('Contact Us')}
        description={t(
          'Reach {{brand}} support by e-mail, phone or post, or send us a message through the contact form.',
          { brand: brandName },
        )}
      />
      <ContactHero />
      <Container maxWidth="lg" sx={{ py: { xs: 5, md: 8 } }}>
        <Grid container spacing={{ xs: 3, md: 4 }}>
          <Grid size={{ xs: 12, md: 5 }}>
            <ContactDetails />
          </Grid>
          <Grid size={{ xs: 12, md: 7 }}>
            <ContactForm />
          </Grid>
        </Grid>
      </Container>
    </>
  );
}
