import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import Typography from '@mui/material/Typography';
import { InvestmentPlans } from '../services/InvestmentPlans';

/** The home page's services section: the `#services` target of the nav's Services link. */
export function ServicesSection() {
  return (
    <Box component="section" id="services" aria-labelledby="home-services-heading" sx={{ py: { xs: 6, md: 10 } }}>
      <Container maxWidth="lg">
        <Typography variant="overline" component="p" sx={{ color: 'secondary.dark', fontWeight: 700 }}>
          Our services
        </Typography>
        <Typography id="home-services-heading" variant="h3" component="h2" gutterBottom>
          Investment plans
        </Typography>
        <Typography color="text.secondary" sx={{ mb: 5, maxWidth: 640 }}>
          Four plans, one simple rule: deposit within the plan&apos;s range and earn its profit in 24 hours.
        </Typography>
        <InvestmentPlans />
      </Container>
    </Box>
  );
}
