import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import { lazy, Suspense, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { RetryAlert } from '../../../components/RetryAlert';
import type { HistoryRange } from '../../../generated/graphql';
import { useBalanceHistoryQuery } from '../../../generated/hooks';
import { LIVE_QUERY } from '../live/refetch';
import { visuallyHidden } from '../../../components/visuallyHidden';
import { useWording } from '../components/wording';
import { changedDays, chartSummary, formatDay, RANGES, SERIES, type BalanceDay } from './balanceSeries';

/** The drawing and its charting library load after the page. */
const BalanceLines = lazy(() => import('./BalanceLines'));

/** Height of the drawing, kept while it loads so nothing below jumps. */
const CHART_HEIGHT = 260;

/** The chart's days as a table for screen readers (first, changed and last days). */
function HistoryTable({ days, caption }: { days: readonly BalanceDay[]; caption: string }) {
  const { t } = useTranslation('dashboard');
  const { dollars, locale } = useWording();
  return (
    // Hidden by its box: a table is never narrower than its text, so clipped itself it would widen the page.
    <Box sx={visuallyHidden}>
      <Table size="small">
        <caption>{caption}</caption>
        <TableHead>
          <TableRow>
            <TableCell scope="col">{t('Day')}</TableCell>
            {SERIES.map(({ label }) => (
              <TableCell key={label} scope="col">
                {t(label)}
              </TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {changedDays(days).map((day) => (
            <TableRow key={day.day}>
              <TableCell scope="row" component="th">
                {formatDay(day.day, locale)}
              </TableCell>
              {SERIES.map(({ key }) => (
                <TableCell key={key}>{dollars(day[key])}</TableCell>
              ))}
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </Box>
  );
}

/**
 * The investor overview's "how the money grows" chart (issue 38): balance, investment and profit
 * at the end of each day of the chosen range, from the ledger. The drawing is hidden from screen
 * readers, which get its sentence and a table of the days that changed instead.
 */
export function BalanceChart() {
  const { t } = useTranslation('dashboard');
  const wording = useWording();
  const [range, setRange] = useState<HistoryRange>('MONTH');
  const headingId = useId();
  const summaryId = useId();
  const query = useBalanceHistoryQuery({ ...LIVE_QUERY, variables: { range }, notifyOnNetworkStatusChange: true });
  const history = (query.data ?? query.previousData)?.balanceHistory;
  // While another range loads, the shown one keeps its own words.
  const words = RANGES.find((r) => r.value === (history?.range ?? range))!.words;
  const days = history?.days ?? [];
  return (
    <Paper variant="outlined" component="section" aria-labelledby={headingId} sx={{ p: 2, mb: 3 }}>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', justifyContent: 'space-between', gap: 1 }}>
        <Typography id={headingId} variant="h6" component="h2">
          {t('How your money grows')}
        </Typography>
        <ToggleButtonGroup
          size="small"
          exclusive
          color="secondary"
          value={range}
          onChange={(_, next: HistoryRange | null) => next && setRange(next)}
          aria-label={t('Chart range')}
        >
          {RANGES.map((r) => (
            <ToggleButton key={r.value} value={r.value} sx={{ px: 1.25, py: 0.5, textTransform: 'none' }}>
              {t(r.label)}
            </ToggleButton>
          ))}
        </ToggleButtonGroup>
      </Box>
      {query.error && !history ? (
        <RetryAlert onRetry={() => query.refetch()}>{t('Could not load your history.')}</RetryAlert>
      ) : (
        <>
          <Typography id={summaryId} variant="body2" color="text.secondary" sx={{ mt: 1 }} aria-live="polite">
            {history ? chartSummary(days, words, wording) : t('Loading your history…')}
          </Typography>
          <Box
            role="img"
            aria-labelledby={headingId}
            aria-describedby={summaryId}
            aria-busy={query.loading}
            sx={{ height: CHART_HEIGHT, mt: 1, minWidth: 0, opacity: query.loading && history ? 0.6 : 1 }}
          >
            {history ? (
              <Suspense fallback={<Skeleton variant="rounded" height={CHART_HEIGHT} />}>
                <BalanceLines days={days} height={CHART_HEIGHT} />
              </Suspense>
            ) : (
              <Skeleton variant="rounded" height={CHART_HEIGHT} />
            )}
          </Box>
          {history && (
            <HistoryTable
              days={days}
              caption={t('Balance, investment and profit over {{range}}', { range: t(words) })}
            />
          )}
        </>
      )}
    </Paper>
  );
}
