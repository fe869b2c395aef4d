import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import { EMPTY_VALUE, msg } from '@cryptovest/common';
import { useTranslation } from 'react-i18next';
import type { SettlementRowFragment } from '../../../generated/graphql';

/** What the last settle action did to one row. */
export interface RowResult {
  settled: boolean;
  reason: string | null;
}

/** Each settlement state's chip: its words (catalogue keys) and colour. */
const STATE = {
  DUE: { label: msg('DUE'), color: 'info' },
  HELD: { label: msg('HELD'), color: 'warning' },
  SETTLED: { label: msg('SETTLED'), color: 'success' },
} as const;

/** The row's settlement state as a chip, with why it is held under it. */
export function SettlementStateCell({
  row,
}: {
  row: Pick<SettlementRowFragment, 'settlementState' | 'settlementNote'>;
}) {
  const { t } = useTranslation('admin');
  const state = row.settlementState ? STATE[row.settlementState] : null;
  if (!state) return <>{EMPTY_VALUE}</>;
  return (
    <>
      <Chip size="small" variant="outlined" label={t(state.label)} color={state.color} />
      {row.settlementState === 'HELD' && row.settlementNote && (
        <Typography variant="caption" color="text.secondary" component="p" sx={{ mt: 0.5, maxWidth: 200 }}>
          {row.settlementNote}
        </Typography>
      )}
    </>
  );
}

/** The last action's answer for the row: "Settled", or "Not settled" and why. */
export function SettlementResultCell({ result }: { result: RowResult | undefined }) {
  const { t } = useTranslation('admin');
  if (!result) return <>{EMPTY_VALUE}</>;
  if (result.settled)
    return (
      <Typography variant="body2" color="success.main" sx={{ fontWeight: 700 }}>
        {t('Settled')}
      </Typography>
    );
  return (
    <Typography variant="body2" color="error.main" sx={{ maxWidth: 200 }}>
      {t('Not settled: {{reason}}', { reason: result.reason ?? t('no reason given') })}
    </Typography>
  );
}
