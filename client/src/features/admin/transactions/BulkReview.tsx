import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import type { Theme } from '@mui/material/styles';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useSnackbar } from 'notistack';
import { useState } from 'react';
import { useServerErrors } from '../../../app/api/graphqlErrors';
import { useIdempotencyKey } from '../../../app/api/idempotency';
import { FormDialog } from '../../../components/FormDialog';
import { useAdminWords, type AdminWords } from '../components/adminWords';
import type { SetTransactionStatusesMutation, TrxStatus } from '../../../generated/graphql';
import { useSetTransactionStatusesMutation } from '../../../generated/hooks';
import type { Selection } from '../settlements/useSelection';
import { bulkSummary, sumAmounts } from './bulkSummary';
import { MAX_REASON } from './statusForm';

/** A ticked deposit as the bulk review needs it (kept from the page it was ticked on). */
export interface BulkItem {
  id: string;
  amount: string;
  owner: string | null;
}

/** One item of the server's answer. */
export type BulkOutcome = SetTransactionStatusesMutation['setTransactionStatuses'][number];

/** Props of BulkReview. */
export interface BulkReviewProps {
  selection: Selection;
  /** What is known of each ticked id (amount, owner), for the dialog's sentence and the summary. */
  items: ReadonlyMap<string, BulkItem>;
  /** The pending deposits of the page shown (for "Select all on this page" on a phone, where cards have no heading). */
  pageIds: readonly string[];
  /** After the server answered (refetch the list). */
  onDone: () => void;
}

/** What confirming or declining the ticked deposits does, in one sentence of the reader's language. */
export function bulkEffect(status: TrxStatus, items: readonly BulkItem[], { t, money }: AdminWords): string {
  const total = money(sumAmounts(items.map((item) => item.amount)));
  const count = items.length;
  return status === 'CONFIRMED'
    ? t(
        "This confirms {{count}} deposits totalling {{total}}: each credits its investor's investment (and coin balance) and starts its term.",
        { count, total },
      )
    : t(
        'This declines {{count}} deposits totalling {{total}}: no money moves, each investor is told on the timeline.',
        { count, total },
      );
}

/**
 * The transactions list's bulk review (issue 38): "Confirm selected" / "Decline selected" for the
 * ticked pending deposits, one optional reason for all, asked in a dialog that says what it does.
 * One idempotency key per intended action (a double click sends it once); the answer is per
 * deposit, so one decided meanwhile by someone else is named in the toast and the rest apply.
 */
export function BulkReview({ selection, items, pageIds, onDone }: BulkReviewProps) {
  const words = useAdminWords();
  const { t } = words;
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'), { noSsr: true });
  const [asking, setAsking] = useState<TrxStatus | null>(null);
  const [reason, setReason] = useState('');
  const [send, { loading }] = useSetTransactionStatusesMutation();
  const keys = useIdempotencyKey();
  const reportError = useServerErrors();
  const { enqueueSnackbar } = useSnackbar();
  const ids = [...selection.selected];
  const chosen = ids.map((id) => items.get(id) ?? { id, amount: '0', owner: null });
  const count = ids.length;

  const submit = async (status: TrxStatus) => {
    const variables = { ids, status, ...(reason.trim() ? { reason: reason.trim() } : {}) };
    try {
      const { data } = await send({ variables: { ...variables, idempotencyKey: keys.keyFor(variables) } });
      keys.settle();
      const outcomes = data?.setTransactionStatuses ?? [];
      selection.setMany(
        outcomes.filter((o) => o.ok).map((o) => o.id),
        false,
      );
      const summary = bulkSummary(status, outcomes, items, t);
      enqueueSnackbar(summary.message, { variant: summary.variant });
      setAsking(null);
      setReason('');
      onDone();
    } catch (error) {
      keys.settle(error);
      reportError(error);
    }
  };

  return (
    <Box
      role="group"
      aria-label={t('Selected deposits')}
      sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1, mb: 1.5, minHeight: 36 }}
    >
      {phone && (
        <Button
          size="small"
          variant="outlined"
          color="inherit"
          disabled={pageIds.length === 0}
          onClick={() => selection.setMany(pageIds, true)}
        >
          {t('Select all pending')}
        </Button>
      )}
      <Typography variant="body2" color="text.secondary" role="status" sx={{ mr: 1 }}>
        {count === 0
          ? t('Tick pending deposits to confirm or decline them together.')
          : t('{{count}} selected', { count })}
      </Typography>
      <Button
        variant="contained"
        color="success"
        size="small"
        disabled={count === 0}
        onClick={() => setAsking('CONFIRMED')}
      >
        {t('Confirm selected')}
      </Button>
      <Button
        variant="outlined"
        color="error"
        size="small"
        disabled={count === 0}
        onClick={() => setAsking('DECLINED')}
      >
        {t('Decline selected')}
      </Button>
      {count > 0 && (
        <Button size="small" color="inherit" onClick={selection.clear}>
          {t('Clear selection')}
        </Button>
      )}
      {asking && (
        <FormDialog
          title={
            asking === 'CONFIRMED'
              ? t('Confirm {{count}} selected?', { count })
              : t('Decline {{count}} selected?', { count })
          }
          submitLabel={asking === 'CONFIRMED' ? t('Confirm all') : t('Decline all')}
          danger={asking === 'DECLINED'}
          submitDisabled={loading}
          onClose={() => setAsking(null)}
          onSubmit={(event) => {
            event.preventDefault();
            void submit(asking);
          }}
        >
          <Alert severity="warning" variant="outlined" sx={{ mb: 2 }}>
            {bulkEffect(asking, chosen, words)}
          </Alert>
          <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
            {t(
              'Each is applied on its own: one already decided by someone else, or one the chain does not back (confirming it needs its own reason), is left as it is and named afterwards.',
            )}
          </Typography>
          <TextField
            label={t('Reason (shown to each investor, optional)')}
            fullWidth
            multiline
            minRows={3}
            autoFocus
            value={reason}
            onChange={(event) => setReason(event.target.value)}
            slotProps={{ htmlInput: { maxLength: MAX_REASON } }}
            helperText={`${reason.length}/${MAX_REASON}`}
          />
        </FormDialog>
      )}
    </Box>
  );
}
