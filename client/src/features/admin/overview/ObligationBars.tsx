import { useTheme } from '@mui/material/styles';
import { BarChart } from '@mui/x-charts/BarChart';
import { formatDollars } from '@cryptovest/common';
import type { AdminOverviewFigures } from './OverviewCards';
import { axisDollars, longDay, shortDay } from './chartDays';

/** Props of ObligationBars. */
export interface ObligationBarsProps {
  days: AdminOverviewFigures['obligations'];
  height: number;
}

/**
 * The drawing of what running deposits pay per maturity day over the next 30 days (MUI X
 * BarChart): principal and profit stacked, so each bar's height is that day's total. Exact
 * amounts in the tooltip; numbers only place the bars.
 */
export default function ObligationBars({ days, height }: ObligationBarsProps) {
  const theme = useTheme();
  const palette = (theme.vars ?? theme).palette;
  return (
    <BarChart
      height={height}
      skipAnimation
      margin={{ left: 4, right: 8, top: 8, bottom: 4 }}
      grid={{ horizontal: true }}
      xAxis={[
        {
          scaleType: 'band',
          data: days.map((d) => d.day),
          label: 'Maturity day (UTC)',
          valueFormatter: (day: string, context) => (context.location === 'tick' ? shortDay(day) : longDay(day)),
        },
      ]}
      yAxis={[{ label: 'US dollars', valueFormatter: (v: number) => axisDollars.format(v), width: 64, min: 0 }]}
      series={[
        {
          id: 'principal',
          label: 'Principal',
          stack: 'owed',
          color: palette.primary.main,
          data: days.map((d) => Number(d.principal)),
          valueFormatter: (_v, { dataIndex }) => formatDollars(days[dataIndex].principal),
        },
        {
          id: 'profit',
          label: 'Profit',
          stack: 'owed',
          color: palette.secondary.main,
          data: days.map((d) => Number(d.profit)),
          valueFormatter: (_v, { dataIndex }) => formatDollars(days[dataIndex].profit),
        },
      ]}
      slotProps={{ legend: { direction: 'horizontal', position: { vertical: 'top', horizontal: 'start' } } }}
    />
  );
}
