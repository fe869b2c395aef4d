import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Grid from '@mui/material/Grid';
import Typography from '@mui/material/Typography';
import { CombinedGraphQLErrors } from '@apollo/client/errors';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useParams } from 'react-router';
import { useFormat } from '../../../app/i18n/useFormat';
import { Loader } from '../../../components/Loader';
import { RetryAlert } from '../../../components/RetryAlert';
import { useTransactionTimelineQuery } from '../../../generated/hooks';
import { DashboardPage } from '../../../components/DashboardPage';
import { TransactionFacts } from '../timeline/TransactionFacts';
import { TransactionTimeline } from '../timeline/TransactionTimeline';
import { LIVE_QUERY } from '../live/refetch';

/** True when the server said the transaction is not the caller's or does not exist. */
function isNotFound(error: unknown): boolean {
  return CombinedGraphQLErrors.is(error) && error.errors.some((e) => e.extensions?.code === 'NOT_FOUND');
}

/** Back to the list (the page's first link, so keyboard users find it at once). */
function BackLink() {
  const { t } = useTranslation('dashboard');
  return (
    <Button component={RouterLink} to="/dashboard/transactions" startIcon={<ArrowBackIcon />} sx={{ mb: 2 }}>
      {t('All transactions')}
    </Button>
  );
}

/**
 * /dashboard/transactions/:id: one deposit or withdrawal, its facts and its timeline (issue 12).
 * A route, so the bell, the lists and e-mails can link to it; live updates refetch it.
 */
export function TransactionTimelinePage() {
  const { t } = useTranslation('dashboard');
  const { money } = useFormat();
  const { id = '' } = useParams();
  const { data, error, refetch } = useTransactionTimelineQuery({ ...LIVE_QUERY, variables: { id } });
  const trx = data?.transaction;
  if (!trx) {
    return (
      <DashboardPage title={t('Transaction')}>
        <BackLink />
        {error && isNotFound(error) && <Alert severity="warning">{t('This transaction was not found.')}</Alert>}
        {error && !isNotFound(error) && (
          <RetryAlert onRetry={() => refetch()}>{t('Could not load this transaction.')}</RetryAlert>
        )}
        {!error && <Loader label={t('Loading the transaction')} />}
      </DashboardPage>
    );
  }
  const amount = money(trx.amount);
  const title =
    trx.trxType === 'DEPOSIT' ? t('Deposit of {{amount}}', { amount }) : t('Withdrawal of {{amount}}', { amount });
  return (
    <DashboardPage title={title}>
      <BackLink />
      <Grid container spacing={3}>
        <Grid size={{ xs: 12, md: 5 }}>
          <TransactionFacts transaction={trx} />
        </Grid>
        <Grid size={{ xs: 12, md: 7 }}>
          <Card variant="outlined">
            <CardContent>
              <Typography component="h2" variant="subtitle1" sx={{ fontWeight: 700, mb: 2 }}>
                {t('Timeline')}
              </Typography>
              <TransactionTimeline transaction={trx} />
            </CardContent>
          </Card>
        </Grid>
      </Grid>
    </DashboardPage>
  );
}
