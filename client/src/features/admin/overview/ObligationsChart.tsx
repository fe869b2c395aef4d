import { lazy } from 'react';
import { useAdminWords, type AdminWords } from '../components/adminWords';
import { ChartSection } from './ChartSection';
import { ChartTable } from './ChartTable';
import type { AdminOverviewFigures } from './OverviewCards';

/** The drawing and its charting library load after the page. */
const DayBars = lazy(() => import('./DayBars'));

const HEIGHT = 280;

/** The window's total in one sentence (the server adds it up), in the reader's words. */
function obligationSummary(o: AdminOverviewFigures, { t, dollars }: AdminWords): string {
  const count = o.obligations.reduce((n, d) => n + d.count, 0);
  if (count === 0) return t('No running deposit matures in the next 30 days.');
  return t(
    '{{total}} falls due over the next 30 days: {{count, number}} running deposits, principal (when the plan returns it) plus profit.',
    { total: dollars(o.obligationsTotal), count },
  );
}

/**
 * "What the platform owes and when" (issue 38): principal plus profit of running deposits by
 * maturity day, today and the next 29 days, the figure an operator keeps funds for. Already
 * matured deposits are the "Due for settlement" card.
 */
export function ObligationsChart({ overview }: { overview: AdminOverviewFigures | undefined }) {
  const words = useAdminWords();
  const { t, dollars, number } = words;
  return (
    <ChartSection
      title={t('Owed at maturity, next 30 days')}
      height={HEIGHT}
      summary={overview ? obligationSummary(overview, words) : t('Loading…')}
      chart={
        overview && (
          <DayBars
            days={overview.obligations.map((d) => d.day)}
            axisLabel={t('Maturity day (UTC)')}
            height={HEIGHT}
            series={[
              {
                id: 'principal',
                label: t('Principal'),
                stack: 'owed',
                color: 'primary',
                amounts: overview.obligations.map((d) => d.principal),
                tooltip: (i) => dollars(overview.obligations[i].principal),
              },
              {
                id: 'profit',
                label: t('Profit'),
                stack: 'owed',
                color: 'secondary',
                amounts: overview.obligations.map((d) => d.profit),
                tooltip: (i) => dollars(overview.obligations[i].profit),
              },
            ]}
          />
        )
      }
      table={
        overview && (
          <ChartTable
            caption={t('Principal and profit of running deposits by maturity day (UTC)')}
            rows={overview.obligations}
            columns={[
              { header: t('Deposits'), cell: (d) => number(d.count) },
              { header: t('Principal'), cell: (d) => dollars(d.principal) },
              { header: t('Profit'), cell: (d) => dollars(d.profit) },
              { header: t('Total'), cell: (d) => dollars(d.total) },
            ]}
          />
        )
      }
    />
  );
}
