import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import { PageMeta } from '../../../components/PageMeta';
import { useSite } from '../../../app/site/site';
import { termsSections } from './termsSections';

/** A section of the terms: h2 and its body. */
function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Box component="section" sx={{ mt: 5 }}>
      <Typography variant="h5" component="h2" sx={{ mb: 1.5 }}>
        {title}
      </Typography>
      {children}
    </Box>
  );
}

/** Terms of use (/terms, linked from the footer): readable prose with the operator's names. */
export function TermsPage() {
  const site = useSite();
  const { brandName, companyName, supportEmail } = site;
  return (
    <Container component="article" maxWidth={false} sx={{ py: { xs: 5, md: 8 }, maxWidth: '76ch' }}>
      <PageMeta
        title="Terms of use"
        description={`The terms that govern your use of the ${brandName} website and investor account.`}
      />
      <Typography variant="h3" component="h1">
        Terms of use
      </Typography>
      <Typography sx={{ mt: 2, color: 'text.secondary', fontSize: '1.125rem' }}>
        Please read these terms carefully. They explain your rights and obligations when you use {brandName}.
      </Typography>
      {termsSections(site).map((section) => (
        <Section key={section.title} title={section.title}>
          {section.paragraphs.map((text) => (
            <Typography key={text} sx={{ mb: 1.5, lineHeight: 1.7 }}>
              {text}
            </Typography>
          ))}
        </Section>
      ))}
      <Section title="Contact">
        <Typography sx={{ lineHeight: 1.7 }}>
          Questions about these terms? Write to {companyName} at{' '}
          <Link href={`mailto:${supportEmail}`} color="secondary" underline="always">
            {supportEmail}
          </Link>{' '}
          or use our{' '}
          <Link component={RouterLink} to="/contact" color="secondary" underline="always">
            contact form
          </Link>
          .
        </Typography>
      </Section>
    </Container>
  );
}
