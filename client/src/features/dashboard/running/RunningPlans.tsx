import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Link from '@mui/material/Link';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { EMPTY_VALUE } from '@cryptovest/common';
import { Trans, useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { RetryAlert } from '../../../components/RetryAlert';
import { coinName } from '../../../components/coins';
import { useWording } from '../components/wording';
import type { RunningDepositsQuery } from '../../../generated/graphql';
import { useRunningDepositsQuery } from '../../../generated/hooks';
import { Countdown } from '../timeline/Countdown';
import { LIVE_QUERY } from '../live/refetch';

/** One confirmed deposit whose plan has not paid out yet. */
export type RunningDeposit = RunningDepositsQuery['runningDeposits'][number];

/** Height kept for the list before it loads (one row or the empty line), so nothing below jumps. */
const BODY_MIN_HEIGHT = 76;

/** When it pays: a live countdown while the term runs, else why it waits (held: with the reason). */
function PayoutWhen({ deposit }: { deposit: RunningDeposit }) {
  const { t } = useTranslation('dashboard');
  if (deposit.settlementState === 'HELD')
    return (
      <Box>
        <Typography variant="body2" color="warning.main" sx={{ fontWeight: 700 }}>
          {t('Payout on hold')}
        </Typography>
        {deposit.settlementNote && (
          <Typography variant="caption" color="text.secondary" component="p">
            {deposit.settlementNote}
          </Typography>
        )}
      </Box>
    );
  const text =
    deposit.settlementState === 'DUE' ? (
      t('Term ended: payout soon')
    ) : deposit.maturesAt ? (
      <Countdown to={deposit.maturesAt} done={t('Term ended: paying out')} />
    ) : null;
  return (
    <Typography variant="body2" color="secondary" sx={{ fontWeight: 700 }}>
      {text}
    </Typography>
  );
}

/** One running plan: plan and amount, expected profit, maturity, countdown, link to its timeline. */
function RunningRow({ deposit }: { deposit: RunningDeposit }) {
  const { t } = useTranslation('dashboard');
  const { money, stamp } = useWording();
  const amount = money(deposit.amount);
  const plan = deposit.plan ?? t('Plan');
  return (
    <Box
      component="li"
      sx={{
        display: 'grid',
        gridTemplateColumns: { xs: '1fr 1fr', sm: '1.3fr 1fr 1.3fr 1.2fr' },
        gap: { xs: 1, sm: 2 },
        alignItems: 'center',
        py: 1.5,
        borderTop: 1,
        borderColor: 'divider',
        '&:first-of-type': { borderTop: 0, pt: 0.5 },
      }}
    >
      <Box sx={{ minWidth: 0 }}>
        <Link
          component={RouterLink}
          to={`/dashboard/transactions/${deposit.id}`}
          underline="always"
          sx={{ fontWeight: 700 }}
          aria-label={t('{{plan}}: {{amount}}, open its timeline', { plan, amount })}
        >
          {plan}
        </Link>
        <Typography variant="body2" color="text.secondary">
          {amount} {coinName(deposit.crypto)}
        </Typography>
      </Box>
      <Box>
        <Typography variant="caption" color="text.secondary" component="p">
          {t('Expected profit')}
        </Typography>
        <Typography variant="body2" sx={{ fontWeight: 700 }}>
          {money(deposit.expectedProfit)}
        </Typography>
      </Box>
      <Box>
        <Typography variant="caption" color="text.secondary" component="p">
          {t('Matures at')}
        </Typography>
        <Typography variant="body2">{deposit.maturesAt ? stamp(deposit.maturesAt) : EMPTY_VALUE}</Typography>
      </Box>
      <PayoutWhen deposit={deposit} />
    </Box>
  );
}

/**
 * Overview "Running plans" (issue 12): the investor's confirmed deposits until they pay out, with
 * the expected profit, the maturity and a live countdown; an empty line when there are none. The
 * card keeps its height while loading, so the layout does not shift.
 */
export function RunningPlans() {
  const { t } = useTranslation('dashboard');
  const { data, error, refetch } = useRunningDepositsQuery(LIVE_QUERY);
  const deposits = data?.runningDeposits;
  return (
    <Card variant="outlined" sx={{ mb: 3 }}>
      <CardContent>
        <Typography component="h2" variant="subtitle1" sx={{ fontWeight: 700, mb: 1 }}>
          {t('Running plans')}
        </Typography>
        <Box sx={{ minHeight: BODY_MIN_HEIGHT }} aria-busy={!deposits && !error}>
          {error && !deposits && (
            <RetryAlert onRetry={() => refetch()}>{t('Could not load your running plans.')}</RetryAlert>
          )}
          {!deposits && !error && <Skeleton variant="rounded" height={BODY_MIN_HEIGHT - 16} aria-hidden />}
          {deposits && deposits.length === 0 && (
            <Typography variant="body2" color="text.secondary">
              <Trans
                t={t}
                i18nKey="No running plans. A confirmed deposit shows here until its plan pays out. <invest>invest now</invest>"
                components={{ invest: <Link component={RouterLink} to="/dashboard/invest" underline="always" /> }}
              />
            </Typography>
          )}
          {deposits && deposits.length > 0 && (
            <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0 }}>
              {deposits.map((deposit) => (
                <RunningRow key={deposit.id} deposit={deposit} />
              ))}
            </Box>
          )}
        </Box>
      </CardContent>
    </Card>
  );
}
