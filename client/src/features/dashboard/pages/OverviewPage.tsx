import Grid from '@mui/material/Grid';
import { DEFAULT_EXCHANGE } from '@cryptovest/common';
import { useTranslation } from 'react-i18next';
import { Loader } from '../../../components/Loader';
import { RetryAlert } from '../../../components/RetryAlert';
import { useAccountQuery, useDashboardProfileQuery } from '../../../generated/hooks';
import { DashboardPage } from '../../../components/DashboardPage';
import { SummaryCards } from '../components/SummaryCards';
import { Banner } from '../overview/Banner';
import { BalanceChart } from '../overview/BalanceChart';
import { OverviewTabs } from '../overview/OverviewTabs';
import { RunningPlans } from '../running/RunningPlans';
import { SidePanel } from '../overview/SidePanel';
import { LIVE_QUERY } from '../live/refetch';

/** /dashboard: welcome, banner, Balance/Investment/Profit and their chart over time (issue 38), running plans, Rate Chart and latest transactions. */
export function OverviewPage() {
  const { t } = useTranslation('dashboard');
  const profile = useDashboardProfileQuery();
  const { data: accountData } = useAccountQuery(LIVE_QUERY);
  const me = profile.data?.me;
  if (!me) {
    if (profile.error)
      return <RetryAlert onRetry={() => profile.refetch()}>{t('Could not load your profile.')}</RetryAlert>;
    return <Loader />;
  }
  const account = accountData?.account;
  return (
    <DashboardPage title={t('Dashboard')} heading={t('Welcome back, {{name}}', { name: me.fullName })}>
      <Banner user={me} />
      <Grid container spacing={3}>
        <Grid size={{ xs: 12, lg: 8 }}>
          <SummaryCards account={account} />
          <BalanceChart />
          <RunningPlans />
        </Grid>
        <Grid size={{ xs: 12, lg: 4 }}>
          <SidePanel user={me} account={account} />
        </Grid>
        {/* Full width: the transactions' nine columns fit at 1280 px (issue 14: Status and Proof were cut off). */}
        <Grid size={12}>
          <OverviewTabs exchange={me.exchange || DEFAULT_EXCHANGE} />
        </Grid>
      </Grid>
    </DashboardPage>
  );
}
