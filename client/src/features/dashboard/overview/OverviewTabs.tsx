import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import { msg, PAGE_SIZE } from '@cryptovest/common';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Loader } from '../../../components/Loader';
import { TransactionsTable } from '../components/TransactionsTable';

/** The chart and its query load only when the Rate Chart tab is shown. */
const RateChart = lazy(() => import('./RateChart').then((m) => ({ default: m.RateChart })));

/** The tabs' names (catalogue keys). */
const TABS = [msg('Rate Chart'), msg('Transactions')] as const;

/** Overview tabs (SPEC §2): Rate Chart and the latest transactions, 4 per page. */
export function OverviewTabs({ exchange }: { exchange: string }) {
  const { t } = useTranslation('dashboard');
  const [tab, setTab] = useState(0);
  return (
    <Paper variant="outlined">
      <Tabs
        value={tab}
        onChange={(_, next: number) => setTab(next)}
        aria-label={t('Overview')}
        textColor="secondary"
        indicatorColor="secondary"
        sx={{ borderBottom: 1, borderColor: 'divider', px: 1 }}
      >
        {TABS.map((label, i) => (
          <Tab key={label} label={t(label)} id={`overview-tab-${i}`} aria-controls={`overview-panel-${i}`} />
        ))}
      </Tabs>
      {/* The transactions use the whole width (their table has no frame of its own): all columns fit at 1280 px. */}
      <Box
        role="tabpanel"
        id={`overview-panel-${tab}`}
        aria-labelledby={`overview-tab-${tab}`}
        sx={{ p: tab === 0 ? 2 : 0 }}
      >
        {tab === 0 ? (
          <Suspense fallback={<Loader label={t('Loading prices')} />}>
            <RateChart exchange={exchange} />
          </Suspense>
        ) : (
          <TransactionsTable pageSize={PAGE_SIZE.overview} label={t('Latest transactions')} seeAll />
        )}
      </Box>
    </Paper>
  );
}
