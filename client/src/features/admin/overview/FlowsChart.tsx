import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import { formatDollars } from '@cryptovest/common';
import { lazy } from 'react';
import { ChartSection } from './ChartSection';
import { ChartTable } from './ChartTable';
import { plural } from './chartDays';
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

/** The series' totals in one sentence (its own range: while a new one loads, the figures shown are the old range's). */
function flowSummary(o: AdminOverviewFigures): string {
  const t = o.flowTotals;
  return (
    `Confirmed over the last ${o.flows.length} days: ${plural(t.deposits, 'deposit')} (${formatDollars(t.depositSum)}) ` +
    `and ${plural(t.withdrawals, 'withdrawal')} (${formatDollars(t.withdrawalSum)}).`
  );
}

/**
 * "Deposits and withdrawals per day" (issue 38): confirmed money per UTC day over 7, 30 or 90
 * days, with its totals in a sentence and every day in a table for screen readers.
 */
export function FlowsChart({ overview, range, onRange, busy }: FlowsChartProps) {
  return (
    <ChartSection
      title="Deposits and withdrawals per day"
      height={HEIGHT}
      busy={busy}
      actions={
        <ToggleButtonGroup
          size="small"
          exclusive
          color="secondary"
          value={range}
          onChange={(_, next: FlowRange | null) => next && onRange(next)}
          aria-label="Chart range"
        >
          {FLOW_RANGES.map((days) => (
            <ToggleButton key={days} value={days} sx={{ px: 1.25, py: 0.5, textTransform: 'none' }}>
              {days} days
            </ToggleButton>
          ))}
        </ToggleButtonGroup>
      }
      summary={overview ? flowSummary(overview) : 'Loading…'}
      chart={
        overview && (
          <DayBars
            days={overview.flows.map((f) => f.day)}
            axisLabel="Day (UTC)"
            height={HEIGHT}
            series={[
              {
                id: 'deposits',
                label: 'Deposits',
                color: 'success',
                amounts: overview.flows.map((f) => f.depositSum),
                tooltip: (i) =>
                  `${formatDollars(overview.flows[i].depositSum)} (${plural(overview.flows[i].deposits, 'deposit')})`,
              },
              {
                id: 'withdrawals',
                label: 'Withdrawals',
                color: 'warning',
                amounts: overview.flows.map((f) => f.withdrawalSum),
                tooltip: (i) =>
                  `${formatDollars(overview.flows[i].withdrawalSum)} (${plural(overview.flows[i].withdrawals, 'withdrawal')})`,
              },
            ]}
          />
        )
      }
      table={
        overview && (
          <ChartTable
            caption={`Deposits and withdrawals confirmed per day, ${overview.from} to ${overview.to} (UTC)`}
            rows={overview.flows}
            columns={[
              { header: 'Deposits', cell: (f) => f.deposits },
              { header: 'Deposited', cell: (f) => formatDollars(f.depositSum) },
              { header: 'Withdrawals', cell: (f) => f.withdrawals },
              { header: 'Withdrawn', cell: (f) => formatDollars(f.withdrawalSum) },
            ]}
          />
        )
      }
    />
  );
}
