import AccessTimeIcon from '@mui/icons-material/AccessTime';
import TrendingUpIcon from '@mui/icons-material/TrendingUp';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActions from '@mui/material/CardActions';
import CardContent from '@mui/material/CardContent';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { useFormat, type Formats } from '../../../app/i18n/useFormat';
import type { PlansQuery } from '../../../generated/graphql';

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

/**
 * A plan's deposit range, profit and duration in the page's language: "$150 – $4,999",
 * "$30,000+", "10% profit", "24 hrs" in English (as formatPlan writes them), "150 $ – 4.999 $",
 * "ab 30.000 $", "10 % Gewinn", "24 Std." in German. Whole dollars stay whole, as price tags read.
 */
export function planFacts(plan: Plan, t: TFunction, { money, number }: Pick<Formats, 'money' | 'number'>) {
  const price = (amount: string) => money(amount, { minDecimals: 0 });
  return {
    range:
      plan.maxAmount === null
        ? t('{{min}}+', { min: price(plan.minAmount) })
        : t('{{min}} – {{max}}', { min: price(plan.minAmount), max: price(plan.maxAmount) }),
    profit: t('{{percent}}% profit', { percent: number(Number(plan.profitPercent), { maximumFractionDigits: 5 }) }),
    duration: t('{{count}} hrs', { count: plan.durationHours }),
  };
}

/** A plan summary card: name, deposit range, profit and duration, with a call to action. */
export function PlanCard({ plan, ctaTo, featured = false, headingLevel = 'h3' }: PlanCardProps) {
  const { t } = useTranslation('public');
  const facts = planFacts(plan, t, useFormat());
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
          {facts.range}
        </Typography>
        <Stack spacing={1.25}>
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
            <TrendingUpIcon fontSize="small" sx={{ color: 'success.main' }} aria-hidden />
            <Typography sx={{ fontWeight: 600 }}>{facts.profit}</Typography>
          </Stack>
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
            <AccessTimeIcon fontSize="small" sx={{ color: 'text.secondary' }} aria-hidden />
            <Typography color="text.secondary">{facts.duration}</Typography>
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
          aria-label={t('Get started with the {{plan}} plan', { plan: plan.name })}
        >
          {t('Get started')}
        </Button>
      </CardActions>
    </Card>
  );
}
