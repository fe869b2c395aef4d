import CheckIcon from '@mui/icons-material/Check';
import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import OpenInNewIcon from '@mui/icons-material/OpenInNew';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { EMPTY_VALUE, formatMoney } from '@cryptovest/common';
import { useState } from 'react';
import { coinName } from '../../../components/coins';
import { Loader } from '../../../components/Loader';
import { RetryAlert } from '../../../components/RetryAlert';
import { formatDate, TrxTypeChip } from '../../../components/transactionCells';
import { useCopy } from '../../../components/useCopy';
import type { AdminTransactionRecordQuery } from '../../../generated/graphql';
import { useAdminTransactionRecordQuery } from '../../../generated/hooks';
import { CopyValue } from '../components/CopyValue';
import { RecordDrawer, RecordSection } from '../components/RecordDrawer';
import { AdminTimeline } from './AdminTimeline';
import { ChainEvidence } from './ChainChip';
import { LedgerEntries } from './LedgerEntries';
import { isSettled, SETTLED_HINT, statusEffect } from './statusEffect';
import { StatusSelect } from './StatusSelect';

/** The transaction as the record query gives it. */
export type RecordTransaction = NonNullable<AdminTransactionRecordQuery['transaction']>;

/** The drawer's title: "Deposit of $10,000.00". */
export function recordTitle(t: Pick<RecordTransaction, 'trxType' | 'amount'> | undefined): string {
  if (!t) return 'Transaction';
  const kind = t.trxType === 'DEPOSIT' ? 'Deposit' : 'Withdrawal';
  return `${kind} of ${formatMoney(t.amount)}`;
}

/** A date, or the em dash. */
const when = (iso: string | null | undefined) => (iso ? formatDate(iso) : EMPTY_VALUE);

/** The record's facts as label and value, in the order an admin checks them. */
export function recordFacts(t: RecordTransaction): [string, string][] {
  const facts: [string, string][] = [
    ['Amount', formatMoney(t.amount)],
    ['Coin', coinName(t.crypto)],
    ['Amount in coin', t.cryptoAmount ? `${t.cryptoAmount} ${coinName(t.crypto)}` : EMPTY_VALUE],
    ['Plan', t.plan || EMPTY_VALUE],
    ['Profit rate', t.profitPercent ? `${t.profitPercent}%` : EMPTY_VALUE],
    ['Expected profit', t.expectedProfit ? formatMoney(t.expectedProfit) : EMPTY_VALUE],
    ['Term', t.durationHours ? `${t.durationHours} hours` : EMPTY_VALUE],
    ['Principal returned', t.returnsPrincipal === null ? EMPTY_VALUE : t.returnsPrincipal ? 'Yes' : 'No'],
    ['Submitted', when(t.createdAt)],
    ['Last changed', when(t.updatedAt)],
    ['Confirmed', when(t.confirmedAt)],
    ['Term ends', when(t.maturesAt)],
    ['Settled', when(t.settledAt)],
    ['Settlement', t.settlementState ? t.settlementState.toLowerCase() : EMPTY_VALUE],
    ['Found by', t.origin === 'CHAIN' ? 'The chain watcher' : 'The investor'],
  ];
  if (t.trxType === 'WITHDRAWAL') facts.push(['Payout fee', t.payoutFee ? formatMoney(t.payoutFee) : EMPTY_VALUE]);
  return facts;
}

/** The whole blockchain id (wrapping) with its copy button. */
function FullTxid({ value }: { value: string | null }) {
  const { copied, copy } = useCopy();
  if (!value) return <Typography color="text.secondary">No transaction id was given.</Typography>;
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
      <Typography variant="body2" sx={{ fontFamily: 'monospace', overflowWrap: 'anywhere', minWidth: 0 }}>
        {value}
      </Typography>
      <IconButton size="small" onClick={() => copy(value)} aria-label="Copy the whole transaction id">
        {copied ? <CheckIcon fontSize="small" color="success" /> : <ContentCopyIcon fontSize="small" />}
      </IconButton>
      <Typography variant="caption" color="success.main" role="status" sx={{ minWidth: 52 }}>
        {copied ? 'Copied!' : ''}
      </Typography>
    </Box>
  );
}

/** The status action and what the next change would do to the money. */
function StatusAction({ t, onChanged }: { t: RecordTransaction; onChanged: () => void }) {
  const owner = t.user?.fullName ?? null;
  const subject = { ...t, owner };
  const next = t.status === 'CONFIRMED' ? 'DECLINED' : 'CONFIRMED';
  const effect = statusEffect(subject, next);
  return (
    <Stack spacing={1}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, flexWrap: 'wrap' }}>
        <StatusSelect transaction={subject} onChanged={onChanged} />
        <TrxTypeChip type={t.trxType} />
      </Box>
      {isSettled(t) ? (
        <Alert severity="info" variant="outlined">
          {SETTLED_HINT}
        </Alert>
      ) : (
        <Typography variant="body2" color="text.secondary">
          {`${next === 'CONFIRMED' ? 'Confirming' : 'Declining'}: ${effect ?? 'no money moves.'}`}
        </Typography>
      )}
    </Stack>
  );
}

/** The proof image inline, with a link to open it full size. */
function Proof({ t }: { t: RecordTransaction }) {
  if (!t.imageUrl) return <Typography color="text.secondary">No proof image was attached.</Typography>;
  return (
    <Stack spacing={1} sx={{ alignItems: 'flex-start' }}>
      <Box
        component="img"
        src={t.imageUrl}
        alt={`Proof of payment sent by ${t.user?.fullName ?? 'the investor'}`}
        sx={{
          maxWidth: '100%',
          maxHeight: 320,
          objectFit: 'contain',
          border: 1,
          borderColor: 'divider',
          borderRadius: 1,
        }}
      />
      <Link href={t.imageUrl} target="_blank" rel="noopener noreferrer" variant="body2" underline="always">
        Open the image full size
        <OpenInNewIcon fontSize="inherit" sx={{ ml: 0.5, verticalAlign: 'middle' }} aria-label="(opens in a new tab)" />
      </Link>
    </Stack>
  );
}

/** The record's body once loaded. */
function RecordBody({ data, onChanged }: { data: AdminTransactionRecordQuery; onChanged: () => void }) {
  const t = data.transaction;
  return (
    <>
      <RecordSection title="Status">
        <StatusAction t={t} onChanged={onChanged} />
      </RecordSection>
      <RecordSection title="Transaction ID">
        <FullTxid value={t.transactionId} />
      </RecordSection>
      <ChainEvidence transaction={t} />
      <RecordSection title="Details">
        <Box
          component="dl"
          sx={{ m: 0, display: 'grid', gridTemplateColumns: 'max-content minmax(0, 1fr)', columnGap: 2, rowGap: 0.75 }}
        >
          {recordFacts(t).map(([label, value]) => (
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
            Wallet
          </Typography>
          <Box component="dd" sx={{ m: 0, minWidth: 0 }}>
            <CopyValue value={t.wallet} what="wallet address" />
          </Box>
        </Box>
        {t.settlementNote && (
          <Alert severity="warning" variant="outlined" sx={{ mt: 1 }}>
            {t.settlementNote}
          </Alert>
        )}
      </RecordSection>
      <RecordSection title="Proof image">
        <Proof t={t} />
      </RecordSection>
      <RecordSection title="Timeline">
        <AdminTimeline events={t.events} />
      </RecordSection>
      <RecordSection title="Ledger entries">
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
  // The last record stays in the drawer while it slides out.
  const [shown, setShown] = useState(id);
  if (id !== null && id !== shown) setShown(id);
  const query = useAdminTransactionRecordQuery({ variables: { id: shown ?? '' }, skip: !shown });
  const data = query.data?.transaction?.id === shown ? query.data : undefined;
  const t = data?.transaction;
  const changed = () => {
    void query.refetch().catch(() => undefined);
    onChanged();
  };

  let body;
  if (data) body = <RecordBody data={data} onChanged={changed} />;
  else if (query.error)
    body = (
      <RetryAlert
        onRetry={() => query.refetch()}
      >{`Could not load this transaction: ${query.error.message}`}</RetryAlert>
    );
  else body = <Loader label="Loading the transaction" />;

  return (
    <RecordDrawer
      open={id !== null}
      onClose={onClose}
      onClosed={() => shown && onClosed(shown)}
      title={recordTitle(t)}
      subtitle={t?.user ? `${t.user.fullName} \u00b7 ${t.user.email}` : undefined}
    >
      {body}
    </RecordDrawer>
  );
}
