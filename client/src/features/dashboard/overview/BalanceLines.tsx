import { useTheme } from '@mui/material/styles';
import { LineChart } from '@mui/x-charts/LineChart';
import { DATE_LOCALE, FORMAT_LOCALE } from '@cryptovest/common';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useWording } from '../components/wording';
import { dayAsLocalDate, formatDay, SERIES, type BalanceDay } from './balanceSeries';

/** Props of BalanceLines. */
export interface BalanceLinesProps {
  days: readonly BalanceDay[];
  height: number;
}

/**
 * The overview chart's drawing (MUI X LineChart, loaded only with the overview): one line per
 * bucket in the theme's colours of either mode, days along the bottom, exact amounts in the
 * tooltip. Numbers are used to place points only; every amount shown is the server's string.
 */
export default function BalanceLines({ days, height }: BalanceLinesProps) {
  const { t } = useTranslation('dashboard');
  const { dollars, locale } = useWording();
  // Axis labels in short dollars ("$1.2K", "1,2 Tsd. $"): the exact amounts are in the tooltip and the table.
  const axisDollars = useMemo(
    () =>
      new Intl.NumberFormat(FORMAT_LOCALE[locale], {
        style: 'currency',
        currency: 'USD',
        notation: 'compact',
        maximumFractionDigits: 1,
      }),
    [locale],
  );
  const tickDay = useMemo(
    () => new Intl.DateTimeFormat(DATE_LOCALE[locale], { day: 'numeric', month: 'short' }),
    [locale],
  );
  const theme = useTheme();
  const palette = (theme.vars ?? theme).palette;
  const colors = { balance: palette.primary.main, investment: palette.secondary.main, profit: palette.warning.main };
  return (
    <LineChart
      height={height}
      skipAnimation
      margin={{ left: 4, right: 24, top: 8, bottom: 4 }}
      grid={{ horizontal: true }}
      xAxis={[
        {
          scaleType: 'time',
          data: days.map((d) => dayAsLocalDate(d.day)),
          valueFormatter: (_value: Date, context) =>
            context.location === 'tick'
              ? tickDay.format(_value)
              : formatDay(days.find((d) => dayAsLocalDate(d.day).getTime() === _value.getTime())?.day ?? '', locale),
          tickMinStep: 86_400_000,
        },
      ]}
      yAxis={[{ valueFormatter: (v: number) => axisDollars.format(v), width: 56, min: 0 }]}
      series={SERIES.map(({ key, label }) => ({
        id: key,
        label: t(label),
        color: colors[key],
        data: days.map((d) => Number(d[key])),
        // Marks only where they can be told apart (a week); longer ranges are lines.
        showMark: days.length <= 7,
        curve: 'stepAfter' as const,
        valueFormatter: (_v: number | null, { dataIndex }: { dataIndex: number }) => dollars(days[dataIndex][key]),
      }))}
      slotProps={{ legend: { direction: 'horizontal', position: { vertical: 'top', horizontal: 'start' } } }}
    />
  );
}
