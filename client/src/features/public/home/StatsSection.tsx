import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useSite } from '../../../app/site/site';
import { brand } from '../../../app/theme/themeOptions';
import { ON_DARK_MUTED } from '../shared/darkSurface';
import { PublicSection } from '../shared/PublicSection';

/** Home "stats" section: the marketing figures of the site config (SPEC §1, advertising only). */
export function StatsSection() {
  const { brandName, figures } = useSite();
  const stats = [
    { value: figures.people, label: 'People reached' },
    { value: figures.investors, label: 'Investors' },
    { value: figures.currencies, label: 'Currencies' },
    { value: figures.encryption, label: 'Encryption' },
  ];
  return (
    <PublicSection
      headingId="home-stats-heading"
      tone="dark"
      eyebrow="In numbers"
      title={`${brandName} around the world`}
      align="center"
    >
      <Box
        component="ul"
        sx={{
          listStyle: 'none',
          m: 0,
          p: 0,
          display: 'grid',
          gap: { xs: 2, md: 3 },
          gridTemplateColumns: { xs: 'repeat(2, minmax(0, 1fr))', md: 'repeat(4, minmax(0, 1fr))' },
        }}
      >
        {stats.map((stat) => (
          <Box
            component="li"
            key={stat.label}
            sx={{
              textAlign: 'center',
              py: { xs: 2.5, md: 3.5 },
              px: 1,
              borderRadius: 3,
              border: '1px solid rgba(255, 255, 255, 0.16)',
              bgcolor: 'rgba(255, 255, 255, 0.04)',
            }}
          >
            <Typography
              component="p"
              sx={{ fontWeight: 800, fontSize: { xs: '1.5rem', sm: '2rem', md: '2.5rem' }, color: brand.tealLight }}
            >
              {stat.value}
            </Typography>
            <Typography sx={{ mt: 0.5, color: ON_DARK_MUTED }}>{stat.label}</Typography>
          </Box>
        ))}
      </Box>
    </PublicSection>
  );
}
