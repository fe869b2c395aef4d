import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Collapse from '@mui/material/Collapse';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useApolloClient } from '@apollo/client/react';
import { useCallback, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useFormat } from '../../../app/i18n/useFormat';
import { useServerErrors } from '../../../app/api/graphqlErrors';
import { coinName } from '../../../components/coins';
import { Loader } from '../../../components/Loader';
import { RetryAlert } from '../../../components/RetryAlert';
import { MyTransactionsDocument } from '../../../generated/graphql';
import { useCreateDepositIntentMutation } from '../../../generated/hooks';
import { DepositProgress } from './DepositProgress';
import { PROGRESS_PAGE } from './depositProgress';
import { DepositSubmitted } from './DepositSubmitted';
import { ManualDepositForm, type SubmittedDeposit } from './ManualDepositForm';
import { PaymentInstructions, type DepositIntent } from './PaymentInstructions';

/** Props of DepositStep. */
export interface DepositStepProps {
  planId: string;
  /** The plan's name, for the receipt. */
  planName: string;
  crypto: string;
  amount: string;
  onCancel: () => void;
  /** Back to an empty invest form. */
  onDone: () => void;
}

/** What the first intent fixed: when it was asked for, and which transactions were listed then. */
interface Baseline {
  since: number;
  known: ReadonlySet<string> | null;
}

/**
 * Deposit step (issue 35): records the deposit intent, then shows the coin amount, network and
 * address; on the investor's own address the payment's live progress (with the transaction id form
 * folded away), on the shared address the transaction id form; a receipt after a manual submission.
 */
export function DepositStep({ planId, planName, crypto, amount, onCancel, onDone }: DepositStepProps) {
  const { t } = useTranslation('dashboard');
  const { money } = useFormat();
  const client = useApolloClient();
  const [createIntent] = useCreateDepositIntentMutation();
  const reportError = useServerErrors();
  const [intent, setIntent] = useState<DepositIntent | null>(null);
  const [baseline, setBaseline] = useState<Baseline | null>(null);
  const [phase, setPhase] = useState<'loading' | 'failed' | 'ready' | 'requoting'>('loading');
  const [submitted, setSubmitted] = useState<SubmittedDeposit | null>(null);
  const [manualOpen, setManualOpen] = useState(false);
  const manualId = useId();

  /**
   * Asks for an intent (a quote and the address). The first time, the newest transactions are
   * listed alongside, before the address is on screen: any chain deposit not among them is the
   * payment of this step. A new quote keeps that first baseline (a payment may be on its way).
   */
  const request = useCallback(
    async (first: boolean) => {
      const since = Date.now();
      const listed = first
        ? client
            .query({ query: MyTransactionsDocument, variables: PROGRESS_PAGE, fetchPolicy: 'network-only' })
            .then(({ data }) => (data ? new Set(data.myTransactions.items.map((t) => t.id)) : null))
            .catch(() => null)
        : Promise.resolve(null);
      try {
        const [{ data }, known] = await Promise.all([
          createIntent({ variables: { input: { crypto, planId, amount } } }),
          listed,
        ]);
        if (!data) throw new Error('No deposit intent');
        if (first) setBaseline({ since, known });
        setIntent(data.createDepositIntent);
        setPhase('ready');
      } catch (error) {
        reportError(error);
        setPhase(first ? 'failed' : 'ready');
      }
    },
    [client, createIntent, reportError, crypto, planId, amount],
  );

  // Once per step: entering it (after the confirm dialog) records the intent.
  const started = useRef(false);
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    void request(true);
  }, [request]);

  if (submitted) {
    return (
      <DepositSubmitted
        id={submitted.id}
        reference={submitted.transactionId}
        amount={amount}
        plan={planName}
        crypto={crypto}
        coinAmount={intent?.quote?.coinAmount}
        network={intent?.network}
        onDone={onDone}
      />
    );
  }

  const back = (
    <Box>
      <Button onClick={onCancel} color="inherit">
        {t('Back')}
      </Button>
    </Box>
  );
  const form = (withBack: boolean) => (
    <ManualDepositForm
      planId={planId}
      crypto={crypto}
      amount={amount}
      onSubmitted={setSubmitted}
      onBack={withBack ? onCancel : undefined}
    />
  );

  return (
    <Stack spacing={2} sx={{ maxWidth: 640 }}>
      <Typography component="h2" variant="h6">
        {t('Deposit {{amount}} in {{coin}}', { amount: money(amount), coin: coinName(crypto) })}
      </Typography>
      {phase === 'loading' && <Loader label={t('Preparing your deposit address')} />}
      {phase === 'failed' && (
        <RetryAlert
          onRetry={() => {
            setPhase('loading');
            return request(true);
          }}
        >
          {t('Could not prepare your deposit address.')}
        </RetryAlert>
      )}
      {intent && baseline && (phase === 'ready' || phase === 'requoting') ? (
        <>
          <PaymentInstructions
            intent={intent}
            amount={amount}
            requoting={phase === 'requoting'}
            onRequote={() => {
              setPhase('requoting');
              void request(false);
            }}
          />
          {intent.ownAddress ? (
            <>
              <DepositProgress
                crypto={crypto}
                required={intent.confirmations}
                since={baseline.since}
                known={baseline.known}
              />
              <Box>
                <Button
                  onClick={() => setManualOpen((open) => !open)}
                  aria-expanded={manualOpen}
                  aria-controls={manualId}
                  color="secondary"
                  endIcon={
                    <ExpandMoreIcon
                      sx={{ transform: manualOpen ? 'rotate(180deg)' : 'none', transition: 'transform 150ms' }}
                    />
                  }
                  sx={{ textTransform: 'none', textAlign: 'left', px: 0 }}
                >
                  {t("Already sent from an exchange that doesn't show up? Enter the transaction id")}
                </Button>
                <Collapse in={manualOpen}>
                  <Box id={manualId} sx={{ pt: 1 }}>
                    {form(false)}
                  </Box>
                </Collapse>
              </Box>
              {back}
            </>
          ) : (
            <>
              <Typography component="h3" variant="subtitle1" sx={{ fontWeight: 700 }}>
                {t('After you pay')}
              </Typography>
              {form(true)}
            </>
          )}
        </>
      ) : (
        phase !== 'loading' && back
      )}
    </Stack>
  );
}
