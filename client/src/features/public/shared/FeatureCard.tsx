import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { Glyph } from './Glyph';
import type { GlyphName } from './glyphs';

/** Props of FeatureCard. */
export interface FeatureCardProps {
  glyph: GlyphName;
  title: string;
  children: ReactNode;
}

/**
 * An icon, an h3 title and a short text in a card: the building block of the feature, quality
 * and trading-service grids (sections give the h2 above it). On phones the icon sits beside
 * the text, so a column of cards stays short.
 */
export function FeatureCard({ glyph, title, children }: FeatureCardProps) {
  return (
    <Card
      sx={{
        height: '100%',
        p: { xs: 2.5, md: 3 },
        display: 'grid',
        gridTemplateColumns: { xs: 'auto minmax(0, 1fr)', sm: 'minmax(0, 1fr)' },
        columnGap: 2,
        alignContent: 'start',
        transition: 'border-color 0.2s',
        '&:hover': { borderColor: 'secondary.main' },
      }}
    >
      <Box
        sx={(theme) => ({
          gridRow: { xs: 'span 2', sm: 'auto' },
          width: 48,
          height: 48,
          mb: { xs: 0, sm: 2 },
          borderRadius: '50%',
          display: 'grid',
          placeItems: 'center',
          color: 'secondary.dark',
          bgcolor: 'rgba(15, 118, 110, 0.1)',
          ...theme.applyStyles('dark', { bgcolor: 'rgba(94, 234, 212, 0.12)' }),
        })}
      >
        <Glyph name={glyph} />
      </Box>
      <Typography
        variant="h6"
        component="h3"
        gutterBottom
        sx={{ lineHeight: 1.35, hyphens: 'auto', overflowWrap: 'break-word' }}
      >
        {title}
      </Typography>
      <Typography variant="body2" sx={{ color: 'text.secondary', lineHeight: 1.7 }}>
        {children}
      </Typography>
    </Card>
  );
}
