import { useTranslation } from 'react-i18next';
import { Loader } from '../../../components/Loader';
import { RetryAlert } from '../../../components/RetryAlert';
import { useAccountQuery } from '../../../generated/hooks';
import { DashboardPage } from '../../../components/DashboardPage';
import { SummaryCards } from '../components/SummaryCards';
import { WithdrawForm } from '../withdraw/WithdrawForm';
import { LIVE_QUERY } from '../live/refetch';

/**
 * /dashboard/withdraw: summary cards led by what is available now (issue 14), and the withdrawal
 * form (SPEC §2), which explains the locked bonus.
 */
export function WithdrawPage() {
  const { t } = useTranslation('dashboard');
  const { data, error, refetch } = useAccountQuery(LIVE_QUERY);
  return (
    <DashboardPage title={t('Withdraw')}>
      {error && !data && <RetryAlert onRetry={() => refetch()}>{t('Could not load your account.')}</RetryAlert>}
      {!data && !error && <Loader />}
      {data && (
        <>
          <SummaryCards account={data.account} available />
          <WithdrawForm account={data.account} />
        </>
      )}
    </DashboardPage>
  );
}
