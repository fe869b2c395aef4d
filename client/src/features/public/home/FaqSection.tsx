import Card from '@mui/material/Card';
import Typography from '@mui/material/Typography';
import { useSite } from '../../../app/site/site';
import { CardGrid } from '../shared/CardGrid';
import { PublicSection } from '../shared/PublicSection';
import { buildFaqs } from './faqs';

/** Home FAQ section: three questions, always expanded (nothing hidden behind a toggle). */
export function FaqSection() {
  const faqs = buildFaqs(useSite());
  return (
    <PublicSection
      headingId="home-faq-heading"
      tone="paper"
      eyebrow="FAQ"
      title="Frequently asked questions"
      align="center"
    >
      <CardGrid columns={3}>
        {faqs.map((faq) => (
          <Card key={faq.question} sx={{ p: 3, bgcolor: 'background.default' }}>
            <Typography variant="h6" component="h3" gutterBottom>
              {faq.question}
            </Typography>
            <Typography sx={{ color: 'text.secondary', lineHeight: 1.7 }}>{faq.answer}</Typography>
          </Card>
        ))}
      </CardGrid>
    </PublicSection>
  );
}
