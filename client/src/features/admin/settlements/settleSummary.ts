import type { Translate } from '@cryptovest/common';

/** One deposit's answer from `settleDeposits`. */
export interface SettleOutcome {
  id: string;
  settled: boolean;
  reason?: string | null;
}

/** The toast after a settle action: how many were settled, and whether some were not (in the language of `t`). */
export function settleSummary(
  outcomes: readonly SettleOutcome[],
  t: Translate,
): {
  message: string;
  variant: 'success' | 'warning';
} {
  const settled = outcomes.filter((o) => o.settled).length;
  const count = outcomes.length;
  if (settled === count) return { message: t('Settled {{count}} deposits', { count }), variant: 'success' };
  return {
    message: t('Settled {{settled}} of {{count}} deposits; {{failed}} not settled (see Result)', {
      settled,
      count,
      failed: count - settled,
    }),
    variant: 'warning',
  };
}
