import { msg } from '@cryptovest/common';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { useFormat, type Formats } from '../../../app/i18n/useFormat';
import { useSite } from '../../../app/site/site';
import { brand } from '../../../app/theme/themeOptions';
import { ON_DARK_MUTED } from '../shared/darkSurface';
import { PublicSection } from '../shared/PublicSection';

/** A figure that starts with an English-written number ("300,000+", "25M+"): the number, the rest. */
const LEADING_NUMBER = /^(\d{1,3}(?:,\d{3})+|\d+)(.*)$/;

/**
 * A marketing figure of the site config (free text, written in English) with its leading number
 * in the page's format: "300,000+" stays so in English and reads "300.000+" in German. Text
 * without a leading number ("256-bit SSL") is shown as configured.
 */
function localFigure(text: string, number: Formats['number']): string {
  const match = LEADING_NUMBER.exec(text.trim());
  if (!match) return text;
  return `${number(Number(match[1].replace(/,/g, '')))}${match[2]}`;
}

/** Home "stats" section: the marketing figures of the site config (SPEC §1, advertising only). */
export function StatsSection() {
  const { t } = useTranslation('public');
  const { number } = useFormat();
  const { brandName, figures } = useSite();
  const stats = [
    { value: figures.people, label: msg('People reached') },
    { value: figures.investors, label: msg('Investors') },
    { value: figures.currencies, label: msg('Currencies') },
    { value: figures.encryption, label: msg('Encryption') },
  ];
  return (
    <PublicSection
      headingId="home-stats-heading"
      tone="dark"
      eyebrow={t('In numbers')}
      title={t('{{brand}} around the world', { brand: brandName })}
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
              {localFigure(stat.value, number)}
            </Typography>
            <Typography sx={{ mt: 0.5, color: ON_DARK_MUTED, hyphens: 'auto', overflowWrap: 'break-word' }}>
              {t(stat.label)}
            </Typography>
          </Box>
        ))}
      </Box>
    </PublicSection>
  );
}
