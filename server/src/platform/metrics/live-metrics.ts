import { Counter, type Registry } from 'prom-client';

/** Why a socket, a subscription or a message on /graphql's WebSocket was refused: the bounded label set. */
export const LIVE_REFUSAL_REASONS = [
  'sockets_per_ip',
  'sockets_per_user',
  'subscriptions_per_socket',
  'subscribe_rate',
  'message_size',
] as const;

/** One of LIVE_REFUSAL_REASONS. */
export type LiveRefusalReason = (typeof LIVE_REFUSAL_REASONS)[number];

/** Counts one refusal (the live server calls it; tests read the counter). */
export type CountLiveRefusal = (reason: LiveRefusalReason) => void;

/**
 * `cryptovest_live_refusals_total{reason}`: what the caps of issue 33 turned away, so a flood (or
 * caps set too tight for real users) shows on a dashboard. Every reason starts at 0, so rates work
 * from the first scrape.
 */
export function liveMetrics(registry: Registry): CountLiveRefusal {
  const refusals = new Counter({
    name: 'cryptovest_live_refusals_total',
    help: 'Sockets, subscriptions and messages refused on the GraphQL WebSocket, by reason',
    labelNames: ['reason'] as const,
    registers: [registry],
  });
  for (const reason of LIVE_REFUSAL_REASONS) refusals.inc({ reason }, 0);
  return (reason) => refusals.inc({ reason });
}
