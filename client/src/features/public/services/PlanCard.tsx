import AccessTimeIcon from '@mui/icons-material/AccessTime';
import TrendingUpIcon from '@mui/icons-material/TrendingUp';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActions from '@mui/material/CardActions';
import CardContent from '@mui/material/CardContent';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import type { PlansQuery } from '../../../generated/graphql';
import { formatPlanDuration, formatPlanProfit, formatPlanRange } from '../../../components/formatPlan';

/** One plan as the Plans query returns it. */
export type Plan = PlansQuery['plans'][number];

/** Props of PlanCard. */
export interface PlanCardProps {
  plan: Plan;
  /** Where "Get started" leads: /register for guests, the invest screen for signed-in users. */
  ctaTo: string;
  /** Visually emphasise this plan. */
  featured?: boolean;
  /** Heading level of the plan name, one below the section heading. */
  headingLevel?: 'h2' | 'h3';
}

/** A plan summary card: name, deposit range, profit and duration, with a call to action. */
export function PlanCard({ plan, ctaTo, featured = false, headingLevel = 'h3' }: PlanCardProps) {
  const headingId = `plan-${plan.id}-name`;
  return (
    <Card
      component="article"
      aria-labelledby={headingId}
      sx={{
        height: '100%',
        display: 'flex',
        flexDirection: 'column',
        borderColor: featured ? 'secondary.main' : 'divider',
        // The colour's CSS variable: the server renders it before the visitor's scheme is known.
        boxShadow: (theme) => (featured ? `inset 0 0 0 1px ${(theme.vars ?? theme).palette.secondary.main}` : 'none'),
        transition: 'box-shadow 0.2s, transform 0.2s',
        '&:hover': { transform: 'translateY(-2px)', borderColor: 'secondary.main' },
      }}
    >
      <CardContent sx={{ flexGrow: 1, p: 3 }}>
        <Typography
          id={headingId}
          variant="overline"
          component={headingLevel}
          sx={{ color: 'secondary.dark', fontWeight: 700, fontSize: '0.85rem' }}
        >
          {plan.name}
        </Typography>
        <Typography variant="h5" component="p" sx={{ mt: 1, mb: 2.5, fontWeight: 800 }}>
          {formatPlanRange(plan.minAmount, plan.maxAmount)}
        </Typography>
        <Stack spacing={1.25}>
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
            <TrendingUpIcon fontSize="small" sx={{ color: 'success.main' }} aria-hidden />
            <Typography sx={{ fontWeight: 600 }}>{formatPlanProfit(plan.profitPercent)}</Typography>
          </Stack>
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
            <AccessTimeIcon fontSize="small" sx={{ color: 'text.secondary' }} aria-hidden />
            <Typography color="text.secondary">{formatPlanDuration(plan.durationHours)}</Typography>
          </Stack>
        </Stack>
      </CardContent>
      <CardActions sx={{ px: 3, pb: 3 }}>
        <Button
          component={RouterLink}
          to={ctaTo}
          variant={featured ? 'contained' : 'outlined'}
          color="secondary"
          fullWidth
          aria-label={`Get started with the ${plan.name} plan`}
        >
          Get started
        </Button>
      </CardActions>
    </Card>
  );
}
