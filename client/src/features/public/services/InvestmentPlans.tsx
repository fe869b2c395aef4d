import { RetryAlert } from '../../../components/RetryAlert';
import Grid from '@mui/material/Grid';
import { useTranslation } from 'react-i18next';
import { Loader } from '../../../components/Loader';
import { usePlansQuery } from '../../../generated/hooks';
import { useToken } from '../../../app/session/useToken';
import { PlanCard } from './PlanCard';

/** Plan shown as the highlighted one. */
const FEATURED_PLAN = 'Premium';

/**
 * The investment plans grid of /services (kept off the home page: it needs Apollo): loads
 * the public `plans` query and handles its loading and error states. `headingLevel` is the
 * level of each plan name (one below the surrounding section heading).
 */
export function InvestmentPlans({ headingLevel = 'h3' }: { headingLevel?: 'h2' | 'h3' }) {
  const { t } = useTranslation('public');
  const { data, loading, error, refetch } = usePlansQuery({ notifyOnNetworkStatusChange: true });
  const token = useToken();
  const ctaTo = token ? '/dashboard/invest' : '/register';

  if (loading && !data) return <Loader label={t('Loading investment plans')} />;
  if (error && !data) {
    return <RetryAlert onRetry={refetch}>{t("We couldn't load the investment plans. Please try again.")}</RetryAlert>;
  }
  return (
    <Grid container spacing={3}>
      {(data?.plans ?? []).map((plan) => (
        <Grid key={plan.id} size={{ xs: 12, sm: 6, lg: 3 }}>
          <PlanCard plan={plan} ctaTo={ctaTo} featured={plan.name === FEATURED_PLAN} headingLevel={headingLevel} />
        </Grid>
      ))}
    </Grid>
  );
}
