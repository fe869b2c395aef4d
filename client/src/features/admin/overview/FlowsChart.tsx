import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import { lazy } from 'react';
import { useAdminWords, type AdminWords } from '../components/adminWords';
import { ChartSection } from './ChartSection';
import { captionDay } from './chartDays';
import { ChartTable } from './ChartTable';
import type { AdminOverviewFigures } from './OverviewCards';
import { FLOW_RANGES, type FlowRange } from './overviewLinks';

/** The drawing and its charting library load after the page. */
const DayBars = lazy(() => import('./DayBars'));

const HEIGHT = 280;

/** Props of FlowsChart. */
export interface FlowsChartProps {
  overview: AdminOverviewFigures | undefined;
  range: FlowRange;
  onRange: (range: FlowRange) => void;
  /** A new range is loading (the previous one stays, dimmed). */
  busy: boolean;
}

/**
 * The series' totals in one sentence (its own range: while a new one loads, the figures shown are
 * the old range's), in the reader's words; each count is a whole phrase ("2 deposits").
 */
function flowSummary(o: AdminOverviewFigures, { t, dollars }: AdminWords): string {
  const totals = o.flowTotals;
  return t(
    'Confirmed over the last {{days}} days: {{deposits}} ({{depositSum}}) and {{withdrawals}} ({{withdrawalSum}}).',
    {
      days: o.flows.length,
      deposits: t('{{count, number}} deposits', { count: totals.deposits }),
      depositSum: dollars(totals.depositSum),
      withdrawals: t('{{count, number}} withdrawals', { count: totals.withdrawals }),
      withdrawalSum: dollars(totals.withdrawalSum),
    },
  );
}

/**
 * "Deposits and withdrawals per day" (issue 38): confirmed money per UTC day over 7, 30 or 90
 * days, with its totals in a sentence and every day in a table for screen readers.
 */
export function FlowsChart({ overview, range, onRange, busy }: FlowsChartProps) {
  const words = useAdminWords();
  const { t, dollars, number, locale } = words;
  return (
    <ChartSection
      title={t('Deposits and withdrawals per day')}
      height={HEIGHT}
      busy={busy}
      actions={
        <ToggleButtonGroup
          size="small"
          exclusive
          color="secondary"
          value={range}
          onChange={(_, next: FlowRange | null) => next && onRange(next)}
          aria-label={t('Chart range')}
        >
          {FLOW_RANGES.map((days) => (
            <ToggleButton key={days} value={days} sx={{ px: 1.25, py: 0.5, textTransform: 'none' }}>
              {t('{{count}} days', { count: days })}
            </ToggleButton>
          ))}
        </ToggleButtonGroup>
      }
      summary={overview ? flowSummary(overview, words) : t('Loading…')}
      chart={
        overview && (
          <DayBars
            days={overview.flows.map((f) => f.day)}
            axisLabel={t('Day (UTC)')}
            height={HEIGHT}
            series={[
              {
                id: 'deposits',
                label: t('Deposits'),
                color: 'success',
                amounts: overview.flows.map((f) => f.depositSum),
                tooltip: (i) =>
                  t('{{amount}} ({{count, number}} deposits)', {
                    amount: dollars(overview.flows[i].depositSum),
                    count: overview.flows[i].deposits,
                  }),
              },
              {
                id: 'withdrawals',
                label: t('Withdrawals'),
                color: 'warning',
                amounts: overview.flows.map((f) => f.withdrawalSum),
                tooltip: (i) =>
                  t('{{amount}} ({{count, number}} withdrawals)', {
                    amount: dollars(overview.flows[i].withdrawalSum),
                    count: overview.flows[i].withdrawals,
                  }),
              },
            ]}
          />
        )
      }
      table={
        overview && (
          <ChartTable
            caption={t('Deposits and withdrawals confirmed per day, {{from}} to {{to}} (UTC)', {
              from: captionDay(overview.from, locale),
              to: captionDay(overview.to, locale),
            })}
            rows={overview.flows}
            columns={[
              { header: t('Deposits'), cell: (f) => number(f.deposits) },
              { header: t('Deposited'), cell: (f) => dollars(f.depositSum) },
              { header: t('Withdrawals'), cell: (f) => number(f.withdrawals) },
              { header: t('Withdrawn'), cell: (f) => dollars(f.withdrawalSum) },
            ]}
          />
        )
      }
    />
  );
}
