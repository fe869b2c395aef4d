import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import Typography from '@mui/material/Typography';
import { PageMeta } from '../../../components/PageMeta';
import { InvestmentPlans } from './InvestmentPlans';

/** /services (linked from the footer): the investment plans on offer. */
export function ServicesPage() {
  return (
    <Box component="section" id="services" aria-labelledby="services-heading" sx={{ py: { xs: 6, md: 10 } }}>
      <PageMeta title="Services" />
      <Container maxWidth="lg">
        <Typography variant="overline" component="p" sx={{ color: 'secondary.dark', fontWeight: 700 }}>
          Services
        </Typography>
        <Typography id="services-heading" variant="h3" component="h1" gutterBottom>
          Investment plans
        </Typography>
        <Typography color="text.secondary" sx={{ mb: 5, maxWidth: 640 }}>
          Choose the plan that fits your deposit. Every plan runs for 24 hours and pays its profit on top of your
          investment.
        </Typography>
        <InvestmentPlans headingLevel="h2" />
      </Container>
    </Box>
  );
}
