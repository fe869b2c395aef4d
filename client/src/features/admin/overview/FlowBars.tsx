import { useTheme } from '@mui/material/styles';
import { BarChart } from '@mui/x-charts/BarChart';
import { formatDollars } from '@cryptovest/common';
import type { AdminOverviewFigures } from './OverviewCards';
import { axisDollars, longDay, plural, shortDay } from './chartDays';

/** Props of FlowBars. */
export interface FlowBarsProps {
  flows: AdminOverviewFigures['flows'];
  height: number;
}

/**
 * The drawing of confirmed deposits and withdrawals per day (MUI X BarChart, loaded with the
 * overview only): one bar each per UTC day in the theme's colours of either mode, labelled axes,
 * exact amounts and counts in the tooltip. Numbers only place the bars; every amount shown is the
 * server's string.
 */
export default function FlowBars({ flows, height }: FlowBarsProps) {
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
          data: flows.map((f) => f.day),
          label: 'Day (UTC)',
          valueFormatter: (day: string, context) => (context.location === 'tick' ? shortDay(day) : longDay(day)),
        },
      ]}
      yAxis={[{ label: 'US dollars', valueFormatter: (v: number) => axisDollars.format(v), width: 64, min: 0 }]}
      series={[
        {
          id: 'deposits',
          label: 'Deposits',
          color: palette.success.main,
          data: flows.map((f) => Number(f.depositSum)),
          valueFormatter: (_v, { dataIndex }) =>
            `${formatDollars(flows[dataIndex].depositSum)} (${plural(flows[dataIndex].deposits, 'deposit')})`,
        },
        {
          id: 'withdrawals',
          label: 'Withdrawals',
          color: palette.warning.main,
          data: flows.map((f) => Number(f.withdrawalSum)),
          valueFormatter: (_v, { dataIndex }) =>
            `${formatDollars(flows[dataIndex].withdrawalSum)} (${plural(flows[dataIndex].withdrawals, 'withdrawal')})`,
        },
      ]}
      slotProps={{ legend: { direction: 'horizontal', position: { vertical: 'top', horizontal: 'start' } } }}
    />
  );
}
