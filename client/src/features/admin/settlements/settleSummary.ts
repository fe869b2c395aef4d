/** One deposit's answer from `settleDeposits`. */
export interface SettleOutcome {
  id: string;
  settled: boolean;
  reason?: string | null;
}

/** The toast after a settle action: how many were settled, and whether some were not. */
export function settleSummary(outcomes: readonly SettleOutcome[]): {
  message: string;
  variant: 'success' | 'warning';
} {
  const settled = outcomes.filter((o) => o.settled).length;
  const total = outcomes.length;
  const deposits = (n: number) => `${n} deposit${n === 1 ? '' : 's'}`;
  if (settled === total) return { message: `Settled ${deposits(total)}`, variant: 'success' };
  return {
    message: `Settled ${settled} of ${deposits(total)}; ${total - settled} not settled (see Result)`,
    variant: 'warning',
  };
}
