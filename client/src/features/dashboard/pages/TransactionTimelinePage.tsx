import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Grid from '@mui/material/Grid';
import Typography from '@mui/material/Typography';
import { CombinedGraphQLErrors } from '@apollo/client/errors';
import { formatMoney } from '@cryptovest/common';
import { Link as RouterLink, useParams } from 'react-router';
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
  return (
    <Button component={RouterLink} to="/dashboard/transactions" startIcon={<ArrowBackIcon />} sx={{ mb: 2 }}>
      All transactions
    </Button>
  );
}

/**
 * /dashboard/transactions/:id: one deposit or withdrawal, its facts and its timeline (issue 12).
 * A route, so the bell, the lists and e-mails can link to it; live updates refetch it.
 */
export function TransactionTimelinePage() {
  const { id = '' } = useParams();
  const { data, error, refetch } = useTransactionTimelineQuery({ ...LIVE_QUERY, variables: { id } });
  const trx = data?.transaction;
  if (!trx) {
    return (
      <DashboardPage title="Transaction">
        <BackLink />
        {error && isNotFound(error) && <Alert severity="warning">This transaction was not found.</Alert>}
        {error && !isNotFound(error) && (
          <RetryAlert onRetry={() => refetch()}>Could not load this transaction.</RetryAlert>
        )}
        {!error && <Loader label="Loading the transaction" />}
      </DashboardPage>
    );
  }
  const noun = trx.trxType === 'DEPOSIT' ? 'Deposit' : 'Withdrawal';
  return (
    <DashboardPage title={`${noun} of ${formatMoney(trx.amount)}`}>
      <BackLink />
      <Grid container spacing={3}>
        <Grid size={{ xs: 12, md: 5 }}>
          <TransactionFacts transaction={trx} />
        </Grid>
        <Grid size={{ xs: 12, md: 7 }}>
          <Card variant="outlined">
            <CardContent>
              <Typography component="h2" variant="subtitle1" sx={{ fontWeight: 700, mb: 2 }}>
                Timeline
              </Typography>
              <TransactionTimeline transaction={trx} />
            </CardContent>
          </Card>
        </Grid>
      </Grid>
    </DashboardPage>
  );
}
