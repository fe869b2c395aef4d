import { formatDollars } from '@cryptovest/common';
import { lazy } from 'react';
import { ChartSection } from './ChartSection';
import { ChartTable } from './ChartTable';
import { plural } from './chartDays';
import type { AdminOverviewFigures } from './OverviewCards';

/** The drawing and its charting library load after the page. */
const DayBars = lazy(() => import('./DayBars'));

const HEIGHT = 280;

/** The window's total in one sentence (the server adds it up). */
function obligationSummary(o: AdminOverviewFigures): string {
  const count = o.obligations.reduce((n, d) => n + d.count, 0);
  if (count === 0) return 'No running deposit matures in the next 30 days.';
  return (
    `${formatDollars(o.obligationsTotal)} falls due over the next 30 days: ${plural(count, 'running deposit')}, ` +
    'principal (when the plan returns it) plus profit.'
  );
}

/**
 * "What the platform owes and when" (issue 38): principal plus profit of running deposits by
 * maturity day, today and the next 29 days, the figure an operator keeps funds for. Already
 * matured deposits are the "Due for settlement" card.
 */
export function ObligationsChart({ overview }: { overview: AdminOverviewFigures | undefined }) {
  return (
    <ChartSection
      title="Owed at maturity, next 30 days"
      height={HEIGHT}
      summary={overview ? obligationSummary(overview) : 'Loading…'}
      chart={
        overview && (
          <DayBars
            days={overview.obligations.map((d) => d.day)}
            axisLabel="Maturity day (UTC)"
            height={HEIGHT}
            series={[
              {
                id: 'principal',
                label: 'Principal',
                stack: 'owed',
                color: 'primary',
                amounts: overview.obligations.map((d) => d.principal),
                tooltip: (i) => formatDollars(overview.obligations[i].principal),
              },
              {
                id: 'profit',
                label: 'Profit',
                stack: 'owed',
                color: 'secondary',
                amounts: overview.obligations.map((d) => d.profit),
                tooltip: (i) => formatDollars(overview.obligations[i].profit),
              },
            ]}
          />
        )
      }
      table={
        overview && (
          <ChartTable
            caption="Principal and profit of running deposits by maturity day (UTC)"
            rows={overview.obligations}
            columns={[
              { header: 'Deposits', cell: (d) => d.count },
              { header: 'Principal', cell: (d) => formatDollars(d.principal) },
              { header: 'Profit', cell: (d) => formatDollars(d.profit) },
              { header: 'Total', cell: (d) => formatDollars(d.total) },
            ]}
          />
        )
      }
    />
  );
}
