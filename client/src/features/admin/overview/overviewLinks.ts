/**
 * Where the overview's cards lead: the transactions list filtered by status and type (its filters
 * live in the URL), and the settlement queue.
 */
export const OVERVIEW_LINKS = {
  pendingDeposits: '/admin/transactions?status=PENDING&type=DEPOSIT',
  pendingWithdrawals: '/admin/transactions?status=PENDING&type=WITHDRAWAL',
  dueForSettlement: '/admin/settlements',
} as const;

/** The daily chart's ranges, in days ending today. */
export const FLOW_RANGES = [7, 30, 90] as const;

/** One of FLOW_RANGES. */
export type FlowRange = (typeof FLOW_RANGES)[number];
