import { TransactionEventKind } from '../../platform/timeline';
import { TrxType } from '../transaction';

/** Every event a webhook endpoint can subscribe to, in the order the docs and `webhookEventTypes` list them. */
export const WEBHOOK_EVENT_TYPES = [
  'deposit.created',
  'deposit.seen_on_chain',
  'deposit.confirmed',
  'deposit.declined',
  'deposit.reopened',
  'deposit.settled',
  'deposit.chain_reorganised',
  'withdrawal.requested',
  'withdrawal.confirmed',
  'withdrawal.declined',
  'withdrawal.reopened',
  'withdrawal.paid_out',
] as const;

/** One of WEBHOOK_EVENT_TYPES. */
export type WebhookEventType = (typeof WEBHOOK_EVENT_TYPES)[number];

/** True for a known event type (input checks: an endpoint subscribes only to events that exist). */
export const isWebhookEventType = (value: unknown): value is WebhookEventType =>
  (WEBHOOK_EVENT_TYPES as readonly unknown[]).includes(value);

type ByType = Partial<Record<TrxType, readonly WebhookEventType[]>>;

/**
 * Which webhook events a timeline step is, per transaction type. A deposit the chain watcher
 * finds is recorded as SEEN_ON_CHAIN only (it has no SUBMITTED step), so that step is also its
 * `deposit.created`. Steps without an entry (MATURED, SETTLEMENT_HELD, CHAIN_CONFIRMATIONS)
 * send nothing: they are the back office's, or progress a receiver can poll.
 */
const EVENTS_OF_KIND: Partial<Record<TransactionEventKind, ByType>> = {
  [TransactionEventKind.SUBMITTED]: { DEPOSIT: ['deposit.created'], WITHDRAWAL: ['withdrawal.requested'] },
  [TransactionEventKind.SEEN_ON_CHAIN]: { DEPOSIT: ['deposit.created', 'deposit.seen_on_chain'] },
  [TransactionEventKind.CONFIRMED]: { DEPOSIT: ['deposit.confirmed'], WITHDRAWAL: ['withdrawal.confirmed'] },
  [TransactionEventKind.DECLINED]: { DEPOSIT: ['deposit.declined'], WITHDRAWAL: ['withdrawal.declined'] },
  [TransactionEventKind.REOPENED]: { DEPOSIT: ['deposit.reopened'], WITHDRAWAL: ['withdrawal.reopened'] },
  [TransactionEventKind.SETTLED]: { DEPOSIT: ['deposit.settled'] },
  [TransactionEventKind.CHAIN_REORGANISED]: { DEPOSIT: ['deposit.chain_reorganised'] },
  [TransactionEventKind.PAYOUT_SENT]: { WITHDRAWAL: ['withdrawal.paid_out'] },
};

/** The webhook events a timeline step of a transaction of `trxType` stands for (none for most internal steps). */
export function webhookEventsFor(kind: TransactionEventKind, trxType: TrxType): readonly WebhookEventType[] {
  return EVENTS_OF_KIND[kind]?.[trxType] ?? [];
}

/** True when a step of this kind can be a webhook event at all (the listener skips batches without one). */
export const mayBeWebhookEvent = (kind: TransactionEventKind): boolean => EVENTS_OF_KIND[kind] !== undefined;
