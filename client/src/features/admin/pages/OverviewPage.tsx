import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { DashboardPage } from '../../../components/DashboardPage';
import { Loader } from '../../../components/Loader';
import { RetryAlert } from '../../../components/RetryAlert';
import { useAdminOverviewQuery } from '../../../generated/hooks';
import { useAdminWords, type AdminWords } from '../components/adminWords';
import { FlowsChart } from '../overview/FlowsChart';
import { ObligationsChart } from '../overview/ObligationsChart';
import { OverviewCards } from '../overview/OverviewCards';
import type { FlowRange } from '../overview/overviewLinks';

/**
 * When the figures were taken, in UTC (the days of the charts are UTC days), written as every
 * other date on the pages: "27 Nov 2026, 09:30" in English, "27.11.2026, 09:30" in German.
 */
function asOfText(iso: string, { t, dateTime }: AdminWords): string {
  const time = dateTime(iso, { dateStyle: 'medium', timeStyle: 'short', timeZone: 'UTC' });
  return t('Figures as of {{time}} UTC.', { time });
}

/**
 * /admin (issue 38): the state of the business at a glance. Cards for assets under management,
 * balances owed, pending deposits and withdrawals, due for settlement and new investors (each
 * list one click away); charts of confirmed money per day over 7, 30 or 90 days and of what
 * running deposits pay per day over the next 30. One query (`adminOverview`), fetched again on
 * every visit; a new range keeps the figures on screen while it loads.
 */
export function AdminOverviewPage() {
  const words = useAdminWords();
  const { t } = words;
  const [range, setRange] = useState<FlowRange>(30);
  const query = useAdminOverviewQuery({
    variables: { days: range },
    fetchPolicy: 'cache-and-network',
    notifyOnNetworkStatusChange: true,
  });
  const overview = (query.data ?? query.previousData)?.adminOverview;
  const retry = () => query.refetch();

  return (
    <DashboardPage title={t('Overview')}>
      {!overview && query.error && <RetryAlert onRetry={retry}>{t('Could not load the overview.')}</RetryAlert>}
      {!overview && !query.error && <Loader label={t('Loading the overview')} />}
      {overview && (
        <>
          {query.error && (
            <Box sx={{ mb: 2 }}>
              <RetryAlert onRetry={retry}>
                {t('Could not refresh the overview; these figures may be out of date.')}
              </RetryAlert>
            </Box>
          )}
          <Typography variant="body2" color="text.secondary" sx={{ mt: -2, mb: 2 }}>
            {asOfText(overview.asOf, words)}
          </Typography>
          <OverviewCards overview={overview} />
          <Box
            sx={{
              display: 'grid',
              columnGap: 3,
              gridTemplateColumns: { xs: 'minmax(0, 1fr)', xl: 'repeat(2, minmax(0, 1fr))' },
            }}
          >
            <FlowsChart overview={overview} range={range} onRange={setRange} busy={query.loading} />
            <ObligationsChart overview={overview} />
          </Box>
        </>
      )}
    </DashboardPage>
  );
}
