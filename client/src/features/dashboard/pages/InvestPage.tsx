import { DEFAULT_EXCHANGE } from '@cryptovest/common';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { Loader } from '../../../components/Loader';
import { RetryAlert } from '../../../components/RetryAlert';
import { useDashboardProfileQuery, useDepositWalletsQuery, usePlansQuery } from '../../../generated/hooks';
import { DashboardPage } from '../../../components/DashboardPage';
import { ConfirmDialog } from '../invest/ConfirmDialog';
import { DepositStep } from '../invest/DepositStep';
import { InvestForm, type InvestValues } from '../invest/InvestForm';
import { PlanPicker } from '../invest/PlanPicker';

/**
 * /dashboard/invest: pick a plan, coin and amount, confirm, then deposit (SPEC §2); the deposit step
 * gets the address and coin amount from a deposit intent (issue 35), the coin list from the wallets.
 */
export function InvestPage() {
  const { t } = useTranslation('dashboard');
  const [params] = useSearchParams();
  const profile = useDashboardProfileQuery();
  const exchange = profile.data?.me.exchange || DEFAULT_EXCHANGE;
  const plans = usePlansQuery();
  const wallets = useDepositWalletsQuery({ variables: { exchange }, skip: !profile.data });
  const [planId, setPlanId] = useState('');
  const [order, setOrder] = useState<InvestValues | null>(null);
  const [step, setStep] = useState<'form' | 'confirm' | 'deposit'>('form');
  const [formKey, setFormKey] = useState(0);

  const error = plans.error ?? wallets.error ?? profile.error;
  if (error && !(plans.data && wallets.data)) {
    return (
      <DashboardPage title={t('Invest')}>
        <RetryAlert onRetry={() => Promise.all([plans.refetch(), wallets.refetch()])}>
          {t('Could not load the plans.')}
        </RetryAlert>
      </DashboardPage>
    );
  }
  if (!plans.data || !wallets.data) return <Loader />;

  const coins = [...new Set(wallets.data.wallets.map((w) => w.name))];
  const wanted = params.get('coin') ?? 'bitcoin';
  const defaultCoin = coins.includes(wanted) ? wanted : (coins[0] ?? '');
  const plan = plans.data.plans.find((p) => p.id === planId);
  const reset = () => {
    setStep('form');
    setOrder(null);
    setFormKey((k) => k + 1);
  };

  return (
    <DashboardPage title={t('Invest')}>
      {step === 'deposit' && order && plan ? (
        <DepositStep planId={plan.id} planName={plan.name} {...order} onCancel={() => setStep('form')} onDone={reset} />
      ) : (
        <>
          <PlanPicker plans={plans.data.plans} selectedId={planId} onSelect={setPlanId} />
          <InvestForm
            key={formKey}
            coins={coins}
            defaultCoin={defaultCoin}
            plan={plan}
            onProceed={(values) => {
              setOrder(values);
              setStep('confirm');
            }}
          />
        </>
      )}
      <ConfirmDialog
        open={step === 'confirm' && Boolean(order && plan)}
        plan={plan?.name ?? ''}
        amount={order?.amount ?? ''}
        crypto={order?.crypto ?? ''}
        onCancel={() => setStep('form')}
        onConfirm={() => setStep('deposit')}
      />
    </DashboardPage>
  );
}
