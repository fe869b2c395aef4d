import Card from '@mui/material/Card';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { useFormat } from '../../../app/i18n/useFormat';
import { useSite } from '../../../app/site/site';
import { CardGrid } from '../shared/CardGrid';
import { PublicSection } from '../shared/PublicSection';
import { buildFaqs } from './faqs';

/** Home FAQ section: three questions, always expanded (nothing hidden behind a toggle). */
export function FaqSection() {
  const { t } = useTranslation('public');
  const { money } = useFormat();
  const faqs = buildFaqs(useSite(), { t, price: (amount) => money(amount, { minDecimals: 0 }) });
  return (
    <PublicSection
      headingId="home-faq-heading"
      tone="paper"
      eyebrow={t('FAQ')}
      title={t('Frequently asked questions')}
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
