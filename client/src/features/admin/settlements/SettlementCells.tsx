import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import { EMPTY_VALUE } from '@cryptovest/common';
import type { SettlementRowFragment } from '../../../generated/graphql';

/** What the last settle action did to one row. */
export interface RowResult {
  settled: boolean;
  reason: string | null;
}

const STATE = {
  DUE: { label: 'DUE', color: 'info' },
  HELD: { label: 'HELD', color: 'warning' },
  SETTLED: { label: 'SETTLED', color: 'success' },
} as const;

/** The row's settlement state as a chip, with why it is held under it. */
export function SettlementStateCell({
  row,
}: {
  row: Pick<SettlementRowFragment, 'settlementState' | 'settlementNote'>;
}) {
  const state = row.settlementState ? STATE[row.settlementState] : null;
  if (!state) return <>{EMPTY_VALUE}</>;
  return (
    <>
      <Chip size="small" variant="outlined" label={state.label} color={state.color} />
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
  if (!result) return <>{EMPTY_VALUE}</>;
  if (result.settled)
    return (
      <Typography variant="body2" color="success.main" sx={{ fontWeight: 700 }}>
        Settled
      </Typography>
    );
  return (
    <Typography variant="body2" color="error.main" sx={{ maxWidth: 200 }}>
      Not settled: {result.reason ?? 'no reason given'}
    </Typography>
  );
}
