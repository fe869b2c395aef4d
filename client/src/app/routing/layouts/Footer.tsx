import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import Grid from '@mui/material/Grid';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { Brand } from '../../../components/Brand';
import { SocialLinks } from '../../../components/SocialLinks';
import { useSite } from '../../site/site';
import { brand } from '../../theme/themeOptions';
import { footerColumns, type FooterColumn } from './navLinks';

/**
 * Copyright year, fixed when the module loads, so the server's markup and the hydrating
 * client agree (a render-time `new Date()` could differ across midnight on New Year's Eve).
 */
const COPYRIGHT_YEAR = new Date().getFullYear();

/** Text on the footer's navy: white at 80% keeps ~12:1 contrast. */
const mutedText = 'rgba(255,255,255,0.8)';

/** Footer links: white, with a visible underline (MUI's default underline colour is the navy primary). */
const linkSx = { color: '#ffffff', textDecorationColor: 'rgba(255,255,255,0.6)', overflowWrap: 'anywhere' } as const;

/** One titled column of footer links (h2 styled small, so heading levels never skip). */
function FooterLinkColumn({ column }: { column: FooterColumn }) {
  const { t } = useTranslation();
  return (
    <>
      <Typography
        component="h2"
        variant="overline"
        sx={{ color: brand.tealLight, fontWeight: 700, letterSpacing: '0.1em', lineHeight: 2 }}
      >
        {t(column.title)}
      </Typography>
      <Stack component="ul" spacing={1.25} sx={{ listStyle: 'none', m: 0, mt: 1, p: 0 }}>
        {column.links.map((item) => (
          <li key={item.label}>
            <Link component={RouterLink} to={item.to} sx={linkSx}>
              {t(item.label)}
            </Link>
          </li>
        ))}
      </Stack>
    </>
  );
}

/**
 * Footer of the public pages (SPEC §1-2): brand and support e-mail, social links configured by
 * the operator, link columns, the risk warning with the PDS / FSG reference, the licence line
 * and copyright. Navy in both colour schemes; all text meets AA on it.
 */
export function Footer() {
  const { t } = useTranslation();
  const { brandName, companyName, companyId, supportEmail } = useSite();
  const mailLink = (
    <Link href={`mailto:${supportEmail}`} sx={linkSx} underline="always">
      {supportEmail}
    </Link>
  );
  return (
    <Box
      component="footer"
      sx={{ bgcolor: brand.navyDark, color: mutedText, '--focus-ring': '#ffffff', pt: { xs: 6, md: 8 }, pb: 4 }}
    >
      <Container maxWidth="lg">
        <Grid container spacing={{ xs: 4, md: 6 }}>
          <Grid size={{ xs: 12, md: 5 }}>
            <Brand to="/" onDark />
            <Typography variant="body2" sx={{ mt: 2, maxWidth: 380 }}>
              {t(
                'Binary and Forex trading through corporate accounts with automated trading software, with 24/7 support.',
              )}
            </Typography>
            <Typography variant="body2" sx={{ mt: 2 }}>
              {t('Support:')} {mailLink}
            </Typography>
            <Box sx={{ mt: 2.5, color: '#ffffff' }}>
              <SocialLinks />
            </Box>
          </Grid>
          <Grid component="nav" aria-label={t('Footer')} size={{ xs: 12, md: 7 }}>
            <Grid container spacing={4}>
              {footerColumns.map((column) => (
                <Grid key={column.title} size={{ xs: 6, sm: 4 }}>
                  <FooterLinkColumn column={column} />
                </Grid>
              ))}
            </Grid>
          </Grid>
        </Grid>
        <Box sx={{ mt: { xs: 5, md: 6 }, pt: 3, borderTop: '1px solid rgba(255,255,255,0.14)' }}>
          <Typography variant="body2" sx={{ maxWidth: '90ch' }}>
            <Box component="strong" sx={{ color: '#ffffff' }}>
              {t('Risk warning:')}
            </Box>{' '}
            {t(
              'trading derivatives and leveraged products carries a high level of risk and may not be suitable for all investors. You can lose more than your initial investment. Before you invest, read our Product Disclosure Statement (PDS) and Financial Services Guide (FSG), available on request from {{email}}, and consider whether the product is right for you.',
              { email: supportEmail },
            )}
          </Typography>
          <Stack
            direction={{ xs: 'column', sm: 'row' }}
            spacing={{ xs: 1, sm: 3 }}
            sx={{ mt: 3, justifyContent: 'space-between', fontSize: '0.875rem' }}
          >
            <span>{t('{{company}} · Company ID {{id}}', { company: companyName, id: companyId })}</span>
            <span>{t('© {{year}} {{brand}}. All rights reserved.', { year: COPYRIGHT_YEAR, brand: brandName })}</span>
          </Stack>
        </Box>
      </Container>
    </Box>
  );
}
