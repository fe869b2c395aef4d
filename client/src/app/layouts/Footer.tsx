import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import { Brand } from '../../components/Brand';
import { brand } from '../theme';
import { footerLinks } from './navLinks';

/** Footer of the public pages: links of SPEC §2 and the risk warning. */
export function Footer() {
  return (
    <Box
      component="footer"
      sx={{ bgcolor: brand.navyDark, color: 'rgba(255,255,255,0.82)', '--focus-ring': '#ffffff', py: 6 }}
    >
      <Container maxWidth="lg">
        <Stack direction={{ xs: 'column', md: 'row' }} spacing={4} sx={{ justifyContent: 'space-between' }}>
          <Box sx={{ maxWidth: 420 }}>
            <Brand to="/" onDark />
            <Typography variant="body2" sx={{ mt: 2 }}>
              Risk warning: trading derivatives and leveraged products carries a high level of risk; you can lose more
              than your initial investment.
            </Typography>
          </Box>
          <Box component="nav" aria-label="Footer">
            <Stack
              component="ul"
              direction={{ xs: 'column', sm: 'row' }}
              spacing={{ xs: 1.5, sm: 3 }}
              sx={{ listStyle: 'none', m: 0, p: 0 }}
            >
              {footerLinks.map((item) => (
                <li key={item.label}>
                  <Link component={RouterLink} to={item.to} sx={{ color: '#ffffff', fontWeight: 600 }}>
                    {item.label}
                  </Link>
                </li>
              ))}
            </Stack>
          </Box>
        </Stack>
        <Typography variant="body2" sx={{ mt: 5, pt: 3, borderTop: '1px solid rgba(255,255,255,0.12)' }}>
          &copy; {new Date().getFullYear()} CryptoVest. All rights reserved.
        </Typography>
      </Container>
    </Box>
  );
}
