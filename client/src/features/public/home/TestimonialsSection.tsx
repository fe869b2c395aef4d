import { msg } from '@cryptovest/common';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { CardGrid } from '../shared/CardGrid';
import { PublicSection } from '../shared/PublicSection';

/** Sample testimonials (marketing copy, like the figures); quotes and roles are English keys, names are names. */
const TESTIMONIALS = [
  {
    quote: msg(
      'I started with the smallest plan to test it. The profit showed up in my balance the next day, so I moved up.',
    ),
    name: 'Daniel O.',
    role: msg('Investor since 2023'),
  },
  {
    quote: msg('The dashboard is simple: I can see my deposits, my profit and my withdrawals without asking anyone.'),
    name: 'Amira K.',
    role: msg('Small business owner'),
  },
  {
    quote: msg(
      'I had a question about a withdrawal late at night and support answered in minutes. That built my trust.',
    ),
    name: 'Lucas M.',
    role: msg('Software engineer'),
  },
] as const;

/** Home "testimonials" section: three investor quotes. */
export function TestimonialsSection() {
  const { t } = useTranslation('public');
  return (
    <PublicSection
      headingId="home-testimonials-heading"
      eyebrow={t('Testimonials')}
      title={t('What our investors say')}
      align="center"
    >
      <CardGrid columns={3}>
        {TESTIMONIALS.map((item) => (
          <Card key={item.name} component="figure" sx={{ m: 0, p: 3, display: 'flex', flexDirection: 'column' }}>
            <Box component="blockquote" sx={{ m: 0, flexGrow: 1 }}>
              <Typography sx={{ lineHeight: 1.7 }}>{t('“{{quote}}”', { quote: t(item.quote) })}</Typography>
            </Box>
            <Box component="figcaption" sx={{ mt: 3, display: 'flex', alignItems: 'center', gap: 1.5 }}>
              <Box
                aria-hidden="true"
                sx={{
                  width: 44,
                  height: 44,
                  borderRadius: '50%',
                  display: 'grid',
                  placeItems: 'center',
                  fontWeight: 700,
                  bgcolor: 'primary.main',
                  color: 'primary.contrastText',
                }}
              >
                {item.name.charAt(0)}
              </Box>
              <div>
                <Typography sx={{ fontWeight: 700 }}>{item.name}</Typography>
                <Typography variant="body2" sx={{ color: 'text.secondary' }}>
                  {t(item.role)}
                </Typography>
              </div>
            </Box>
          </Card>
        ))}
      </CardGrid>
    </PublicSection>
  );
}
