import { msg } from '@cryptovest/common';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import Container from '@mui/material/Container';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Reveal } from '../shared/Reveal';
import { Glyph } from '../shared/Glyph';
import type { GlyphName } from '../shared/glyphs';

/** The two blocks of SPEC §2 "Mission and What we do" (wording from SPEC §1; English keys). */
const BLOCKS: ReadonlyArray<{ id: string; glyph: GlyphName; title: string; text: string }> = [
  {
    id: 'about-mission-heading',
    glyph: 'target',
    title: msg('Our mission'),
    text: msg(
      'To drive the adoption of blockchain technology by making cryptocurrency investment simple, secure and rewarding for everyone, not only for professional traders.',
    ),
  },
  {
    id: 'about-what-heading',
    glyph: 'chip',
    title: msg('What we do'),
    text: msg(
      'We operate through corporate trading accounts with automated trading software. Your deposit joins a plan, the software and our traders work the Binary and Forex markets, and the plan’s profit lands in your balance.',
    ),
  },
];

/** The about page's Mission and What we do blocks, each its own labelled section. */
export function MissionSection() {
  const { t } = useTranslation('public');
  return (
    <Container maxWidth="lg" sx={{ py: { xs: 7, md: 11 } }}>
      <Box
        sx={{
          display: 'grid',
          gap: 3,
          gridTemplateColumns: { xs: '1fr', md: 'repeat(2, minmax(0, 1fr))' },
        }}
      >
        {BLOCKS.map((block) => (
          <Reveal key={block.id}>
            <Card component="section" aria-labelledby={block.id} sx={{ height: '100%', p: { xs: 3, md: 5 } }}>
              <Box sx={{ color: 'secondary.dark', mb: 2 }}>
                <Glyph name={block.glyph} size="2.5rem" />
              </Box>
              <Typography id={block.id} variant="h4" component="h2" gutterBottom>
                {t(block.title)}
              </Typography>
              <Typography sx={{ color: 'text.secondary', lineHeight: 1.8 }}>{t(block.text)}</Typography>
            </Card>
          </Reveal>
        ))}
      </Box>
    </Container>
  );
}
