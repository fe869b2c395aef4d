import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { PageMeta } from '../../../components/PageMeta';
import { useSite } from '../../../app/site/site';
import { TERMS_SECTIONS } from './termsSections';

/** A section of the terms: h2 and its body. */
function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Box component="section" sx={{ mt: 5 }}>
      <Typography variant="h5" component="h2" sx={{ mb: 1.5, hyphens: 'auto', overflowWrap: 'break-word' }}>
        {title}
      </Typography>
      {children}
    </Box>
  );
}

/** Terms of use (/terms, linked from the footer): readable prose with the operator's names. */
export function TermsPage() {
  const { t } = useTranslation('public');
  const { brandName, companyName, supportEmail } = useSite();
  const names = { brand: brandName, company: companyName };
  return (
    <Container component="article" maxWidth={false} sx={{ py: { xs: 5, md: 8 }, maxWidth: '76ch' }}>
      <PageMeta
        title={t('Terms of use')}
        description={t('The terms that govern your use of the {{brand}} website and investor account.', names)}
      />
      <Typography variant="h3" component="h1" sx={{ hyphens: 'auto', overflowWrap: 'break-word' }}>
        {t('Terms of use')}
      </Typography>
      <Typography sx={{ mt: 2, color: 'text.secondary', fontSize: '1.125rem' }}>
        {t(
          'Please read these terms carefully. They explain your rights and obligations when you use {{brand}}.',
          names,
        )}
      </Typography>
      {TERMS_SECTIONS.map((section) => (
        <Section key={section.title} title={t(section.title)}>
          {section.paragraphs.map((text) => (
            <Typography key={text} sx={{ mb: 1.5, lineHeight: 1.7 }}>
              {t(text, names)}
            </Typography>
          ))}
        </Section>
      ))}
      <Section title={t('Contact')}>
        <Typography sx={{ lineHeight: 1.7 }}>
          <Trans
            t={t}
            i18nKey="Questions about these terms? Write to {{company}} at <mail/> or use our <form>contact form</form>."
            values={{ company: companyName }}
            components={{
              mail: (
                <Link href={`mailto:${supportEmail}`} color="secondary" underline="always">
                  {supportEmail}
                </Link>
              ),
              form: <Link component={RouterLink} to="/contact" color="secondary" underline="always" />,
            }}
          />
        </Typography>
      </Section>
    </Container>
  );
}
