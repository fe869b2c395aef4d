import { useTranslation } from 'react-i18next';
import { Loader } from '../../../components/Loader';
import { RetryAlert } from '../../../components/RetryAlert';
import { useAccountQuery } from '../../../generated/hooks';
import { DashboardPage } from '../../../components/DashboardPage';
import { SummaryCards } from '../components/SummaryCards';
import { CoinBalances } from '../wallet/CoinBalances';
import { LIVE_QUERY } from '../live/refetch';

/** /dashboard/wallet: Investment, Balance, Profit and the per-coin balances (SPEC §2). */
export function WalletPage() {
  const { t } = useTranslation('dashboard');
  const { data, error, refetch } = useAccountQuery(LIVE_QUERY);
  return (
    <DashboardPage title={t('Wallet')}>
      {error && !data && <RetryAlert onRetry={() => refetch()}>{t('Could not load your wallet.')}</RetryAlert>}
      {!data && !error && <Loader />}
      {data && (
        <>
          <SummaryCards account={data.account} withLinks />
          <CoinBalances account={data.account} />
        </>
      )}
    </DashboardPage>
  );
}
