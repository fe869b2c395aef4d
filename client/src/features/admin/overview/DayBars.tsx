import { useTheme } from '@mui/material/styles';
import { BarChart } from '@mui/x-charts/BarChart';
import { useMemo } from 'react';
import { useAdminWords } from '../components/adminWords';
import { axisDollars, longDay, shortDay } from './chartDays';

/** One series of dollar bars per day: its amounts (the server's strings) and its tooltip text. */
export interface DayBarSeries {
  id: string;
  /** The legend's words (translated by the caller, as the axis label and tooltips). */
  label: string;
  /** The theme colour it is drawn in, so both modes read well. */
  color: 'primary' | 'secondary' | 'success' | 'warning';
  amounts: string[];
  /** The exact text of the tooltip for the day at `index`. */
  tooltip: (index: number) => string;
  /** Series with the same stack id are drawn on top of each other. */
  stack?: string;
}

/** Props of DayBars. */
export interface DayBarsProps {
  /** UTC days, YYYY-MM-DD, one band each. */
  days: string[];
  axisLabel: string;
  series: DayBarSeries[];
  height: number;
}

/**
 * Dollars per UTC day as bars (MUI X BarChart, loaded with the overview only): the overview's
 * flows and obligations charts, in the theme's colours of either mode, with labelled axes and
 * exact amounts in the tooltip. Numbers only place the bars; every amount shown is the server's string.
 */
export default function DayBars({ days, axisLabel, series, height }: DayBarsProps) {
  const theme = useTheme();
  const { t, locale } = useAdminWords();
  const dollars = useMemo(() => axisDollars(locale), [locale]);
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
          data: days,
          label: axisLabel,
          valueFormatter: (day: string, context) =>
            context.location === 'tick' ? shortDay(day, locale) : longDay(day, locale),
        },
      ]}
      yAxis={[{ label: t('US dollars'), valueFormatter: (v: number) => dollars.format(v), width: 64, min: 0 }]}
      series={series.map((s) => ({
        id: s.id,
        label: s.label,
        stack: s.stack,
        color: palette[s.color].main,
        data: s.amounts.map(Number),
        valueFormatter: (_v: number | null, { dataIndex }: { dataIndex: number }) => s.tooltip(dataIndex),
      }))}
      slotProps={{ legend: { direction: 'horizontal', position: { vertical: 'top', horizontal: 'start' } } }}
    />
  );
}
