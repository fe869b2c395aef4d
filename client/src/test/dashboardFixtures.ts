import type { TimelineEvent } from '../features/dashboard/timeline/timelineWording';

/** A timeline event's data with nothing in it: each test adds what its event carries. */
export const noEventData: TimelineEvent['data'] = {
  maturesAt: null,
  profit: null,
  principal: null,
  txid: null,
  coinAmount: null,
  confirmations: null,
  required: null,
  explorerUrl: null,
};

/** The Starter plan as the API lists it: $150 to $4,999, 10 % over 24 hours. */
export const starterPlan = {
  __typename: 'Plan',
  id: 'p1',
  name: 'Starter',
  minAmount: '150.00',
  maxAmount: '4999.00',
  profitPercent: '10.00',
  durationHours: 24,
};
