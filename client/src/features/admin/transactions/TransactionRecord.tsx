import CheckIcon from '@mui/icons-material/Check';
import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import OpenInNewIcon from '@mui/icons-material/OpenInNew';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { EMPTY_VALUE, msg } from '@cryptovest/common';
import { useState } from 'react';
import { coinName } from '../../../components/coins';
import { Loader } from '../../../components/Loader';
import { RetryAlert } from '../../../components/RetryAlert';
import { TrxTypeChip } from '../../../components/transactionCells';
import { useCopy } from '../../../components/useCopy';
import type { AdminTransactionRecordQuery } from '../../../generated/graphql';
import { useAdminTransactionRecordQuery } from '../../../generated/hooks';
import { useAdminWords, type AdminWords } from '../components/adminWords';
import { CopyValue } from '../components/CopyValue';
import { RecordDrawer, RecordSection } from '../components/RecordDrawer';
import { AdminTimeline } from './AdminTimeline';
import { ChainEvidence } from './ChainChip';
import { LedgerEntries } from './LedgerEntries';
import { isSettled, SETTLED_HINT, statusEffect } from './statusEffect';
import { StatusSelect } from './StatusSelect';

/** The transaction as the record query gives it. */
export type RecordTransaction = NonNullable<AdminTransactionRecordQuery['transaction']>;

/** The drawer's title: "Deposit of $10,000.00", in the reader's language. */
export function recordTitle(
  trx: Pick<RecordTransaction, 'trxType' | 'amount'> | undefined,
  { t, money }: AdminWords,
): string {
  if (!trx) return t('Transaction');
  const amount = money(trx.amount);
  return trx.trxType === 'DEPOSIT' ? t('Deposit of {{amount}}', { amount }) : t('Withdrawal of {{amount}}', { amount });
}

/** A settlement state as the details say it (catalogue keys). */
const SETTLEMENT_WORDS: Readonly<Record<string, string>> = {
  DUE: msg('due'),
  HELD: msg('held'),
  SETTLED: msg('settled'),
};

/** A profit rate: "12.5%" in English as the API sends it, "12,5 %" in German. */
function percentText(value: string, { locale, number }: AdminWords): string {
  if (locale === 'en') return `${value}%`;
  const rate = Number(value);
  return Number.isFinite(rate) ? number(rate / 100, { style: 'percent', maximumFractionDigits: 5 }) : `${value}%`;
}

/** The record's facts as label and value (in the reader's language), in the order an admin checks them. */
export function recordFacts(trx: RecordTransaction, words: AdminWords): [string, string][] {
  const { t, money, stamp } = words;
  const when = (iso: string | null | undefined) => (iso ? stamp(iso) : EMPTY_VALUE);
  const settlement = trx.settlementState;
  const facts: [string, string][] = [
    [t('Amount'), money(trx.amount)],
    [t('Coin'), coinName(trx.crypto)],
    [t('Amount in coin'), trx.cryptoAmount ? `${trx.cryptoAmount} ${coinName(trx.crypto)}` : EMPTY_VALUE],
    [t('Plan'), trx.plan || EMPTY_VALUE],
    [t('Profit rate'), trx.profitPercent ? percentText(trx.profitPercent, words) : EMPTY_VALUE],
    [t('Expected profit'), trx.expectedProfit ? money(trx.expectedProfit) : EMPTY_VALUE],
    [t('Term'), trx.durationHours ? t('{{count}} hours', { count: trx.durationHours }) : EMPTY_VALUE],
    [t('Principal returned'), trx.returnsPrincipal === null ? EMPTY_VALUE : trx.returnsPrincipal ? t('Yes') : t('No')],
    [t('Submitted'), when(trx.createdAt)],
    [t('Last changed'), when(trx.updatedAt)],
    [t('Confirmed'), when(trx.confirmedAt)],
    [t('Term ends'), when(trx.maturesAt)],
    [t('Settled'), when(trx.settledAt)],
    [
      t('Settlement'),
      settlement
        ? SETTLEMENT_WORDS[settlement]
          ? t(SETTLEMENT_WORDS[settlement])
          : settlement.toLowerCase()
        : EMPTY_VALUE,
    ],
    [t('Found by'), trx.origin === 'CHAIN' ? t('The chain watcher') : t('The investor')],
  ];
  if (trx.trxType === 'WITHDRAWAL') facts.push([t('Payout fee'), trx.payoutFee ? money(trx.payoutFee) : EMPTY_VALUE]);
  return facts;
}

/** The whole blockchain id (wrapping) with its copy button. */
function FullTxid({ value }: { value: string | null }) {
  const { t } = useAdminWords();
  const { copied, copy } = useCopy();
  if (!value) return <Typography color="text.secondary">{t('No transaction id was given.')}</Typography>;
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
      <Typography variant="body2" sx={{ fontFamily: 'monospace', overflowWrap: 'anywhere', minWidth: 0 }}>
        {value}
      </Typography>
      <IconButton size="small" onClick={() => copy(value)} aria-label={t('Copy the whole transaction id')}>
        {copied ? <CheckIcon fontSize="small" color="success" /> : <ContentCopyIcon fontSize="small" />}
      </IconButton>
      <Typography variant="caption" color="success.main" role="status" sx={{ minWidth: 52 }}>
        {copied ? t('Copied!') : ''}
      </Typography>
    </Box>
  );
}

/** The status action and what the next change would do to the money. */
function StatusAction({ trx, onChanged }: { trx: RecordTransaction; onChanged: () => void }) {
  const words = useAdminWords();
  const { t } = words;
  const owner = trx.user?.fullName ?? null;
  const subject = { ...trx, owner };
  const next = trx.status === 'CONFIRMED' ? 'DECLINED' : 'CONFIRMED';
  const effect = statusEffect(subject, next, words) ?? t('no money moves.');
  return (
    <Stack spacing={1}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, flexWrap: 'wrap' }}>
        <StatusSelect transaction={subject} onChanged={onChanged} />
        <TrxTypeChip type={trx.trxType} />
      </Box>
      {isSettled(trx) ? (
        <Alert severity="info" variant="outlined">
          {t(SETTLED_HINT)}
        </Alert>
      ) : (
        <Typography variant="body2" color="text.secondary">
          {next === 'CONFIRMED' ? t('Confirming: {{effect}}', { effect }) : t('Declining: {{effect}}', { effect })}
        </Typography>
      )}
    </Stack>
  );
}

/** The proof image inline, with a link to open it full size. */
function Proof({ trx }: { trx: RecordTransaction }) {
  const { t } = useAdminWords();
  if (!trx.imageUrl) return <Typography color="text.secondary">{t('No proof image was attached.')}</Typography>;
  return (
    <Stack spacing={1} sx={{ alignItems: 'flex-start' }}>
      <Box
        component="img"
        src={trx.imageUrl}
        alt={
          trx.user?.fullName
            ? t('Proof of payment sent by {{name}}', { name: trx.user.fullName })
            : t('Proof of payment sent by the investor')
        }
        sx={{
          maxWidth: '100%',
          maxHeight: 320,
          objectFit: 'contain',
          border: 1,
          borderColor: 'divider',
          borderRadius: 1,
        }}
      />
      <Link href={trx.imageUrl} target="_blank" rel="noopener noreferrer" variant="body2" underline="always">
        {t('Open the image full size')}
        <OpenInNewIcon
          fontSize="inherit"
          sx={{ ml: 0.5, verticalAlign: 'middle' }}
          aria-label={t('(opens in a new tab)')}
        />
      </Link>
    </Stack>
  );
}

/** The record's body once loaded. */
function RecordBody({ data, onChanged }: { data: AdminTransactionRecordQuery; onChanged: () => void }) {
  const words = useAdminWords();
  const { t } = words;
  const trx = data.transaction;
  return (
    <>
      <RecordSection title={t('Status')}>
        <StatusAction trx={trx} onChanged={onChanged} />
      </RecordSection>
      <RecordSection title={t('Transaction ID')}>
        <FullTxid value={trx.transactionId} />
      </RecordSection>
      <ChainEvidence transaction={trx} />
      <RecordSection title={t('Details')}>
        <Box
          component="dl"
          sx={{ m: 0, display: 'grid', gridTemplateColumns: 'max-content minmax(0, 1fr)', columnGap: 2, rowGap: 0.75 }}
        >
          {recordFacts(trx, words).map(([label, value]) => (
            <Box key={label} sx={{ display: 'contents' }}>
              <Typography component="dt" variant="body2" color="text.secondary">
                {label}
              </Typography>
              <Typography component="dd" variant="body2" sx={{ m: 0, overflowWrap: 'anywhere' }}>
                {value}
              </Typography>
            </Box>
          ))}
          <Typography component="dt" variant="body2" color="text.secondary">
            {t('Wallet')}
          </Typography>
          <Box component="dd" sx={{ m: 0, minWidth: 0 }}>
            <CopyValue value={trx.wallet} what={t('wallet address')} />
          </Box>
        </Box>
        {trx.settlementNote && (
          <Alert severity="warning" variant="outlined" sx={{ mt: 1 }}>
            {trx.settlementNote}
          </Alert>
        )}
      </RecordSection>
      <RecordSection title={t('Proof image')}>
        <Proof trx={trx} />
      </RecordSection>
      <RecordSection title={t('Timeline')}>
        <AdminTimeline events={trx.events} />
      </RecordSection>
      <RecordSection title={t('Ledger entries')}>
        <LedgerEntries entries={data.transactionLedgerEntries} />
      </RecordSection>
    </>
  );
}

/** Props of TransactionRecordDrawer. */
export interface TransactionRecordDrawerProps {
  /** The transaction in `?record=`, or null (closed). */
  id: string | null;
  onClose: () => void;
  /** After it has closed with the transaction `id` (focus its row again). */
  onClosed: (id: string) => void;
  /** After a status change here (refetch the list). */
  onChanged: () => void;
}

/**
 * A transaction's record in the side drawer (issue 38): status action with its effect (a settled
 * deposit says why it stays confirmed), the whole txid with copy and what the chain says, every
 * field, the proof image inline, the timeline and the ledger entries it caused.
 */
export function TransactionRecordDrawer({ id, onClose, onClosed, onChanged }: TransactionRecordDrawerProps) {
  const words = useAdminWords();
  const { t } = words;
  // The last record stays in the drawer while it slides out.
  const [shown, setShown] = useState(id);
  if (id !== null && id !== shown) setShown(id);
  const query = useAdminTransactionRecordQuery({ variables: { id: shown ?? '' }, skip: !shown });
  const data = query.data?.transaction?.id === shown ? query.data : undefined;
  const trx = data?.transaction;
  const changed = () => {
    void query.refetch().catch(() => undefined);
    onChanged();
  };

  let body;
  if (data) body = <RecordBody data={data} onChanged={changed} />;
  else if (query.error)
    body = (
      <RetryAlert onRetry={() => query.refetch()}>
        {t('Could not load this transaction: {{message}}', { message: query.error.message })}
      </RetryAlert>
    );
  else body = <Loader label={t('Loading the transaction')} />;

  return (
    <RecordDrawer
      open={id !== null}
      onClose={onClose}
      onClosed={() => shown && onClosed(shown)}
      title={recordTitle(trx, words)}
      subtitle={trx?.user ? `${trx.user.fullName} \u00b7 ${trx.user.email}` : undefined}
    >
      {body}
    </RecordDrawer>
  );
}
