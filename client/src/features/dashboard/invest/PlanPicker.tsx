import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import CardContent from '@mui/material/CardContent';
import Grid from '@mui/material/Grid';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { PlansQuery } from '../../../generated/graphql';
import { usePlanFormat } from '../../../components/formatPlan';

/** One investment plan as listed by `plans`. */
export type Plan = PlansQuery['plans'][number];

/** Props of PlanPicker. */
export interface PlanPickerProps {
  plans: Plan[];
  selectedId: string;
  onSelect: (id: string) => void;
}

/** The investment plans as a single-choice group of cards (SPEC §2 Invest). */
export function PlanPicker({ plans, selectedId, onSelect }: PlanPickerProps) {
  const { t } = useTranslation('dashboard');
  const format = usePlanFormat();
  return (
    <>
      <Typography id="plan-heading" component="h2" variant="h6" sx={{ mb: 2 }}>
        {t('Choose a plan')}
      </Typography>
      <Grid container spacing={2} role="radiogroup" aria-labelledby="plan-heading" sx={{ mb: 3 }}>
        {plans.map((plan) => {
          const selected = plan.id === selectedId;
          return (
            <Grid key={plan.id} size={{ xs: 12, sm: 6, lg: 3 }}>
              <Card
                variant="outlined"
                sx={{
                  height: '100%',
                  borderColor: selected ? 'secondary.main' : 'divider',
                  borderWidth: selected ? 2 : 1,
                }}
              >
                <CardActionArea
                  role="radio"
                  aria-checked={selected}
                  onClick={() => onSelect(plan.id)}
                  sx={{ height: '100%' }}
                >
                  <CardContent>
                    <Typography component="h3" variant="h6" sx={{ fontWeight: 700 }}>
                      {plan.name}
                    </Typography>
                    <Typography variant="body2">{format.range(plan.minAmount, plan.maxAmount ?? null)}</Typography>
                    <Typography variant="body2" color="text.secondary">
                      {format.profit(plan.profitPercent)} · {format.duration(plan.durationHours)}
                    </Typography>
                  </CardContent>
                </CardActionArea>
              </Card>
            </Grid>
          );
        })}
      </Grid>
    </>
  );
}
