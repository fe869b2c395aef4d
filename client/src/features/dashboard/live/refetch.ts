import type { ApolloClient, DocumentNode } from '@apollo/client';
import { getOperationAST } from 'graphql';
import {
  AccountDocument,
  BalanceHistoryDocument,
  DashboardProfileDocument,
  MyTransactionsDocument,
  NotificationBellDocument,
  RunningDepositsDocument,
  TransactionTimelineDocument,
} from '../../../generated/graphql';

/**
 * Options of the queries live updates keep fresh (account, transactions, running plans, a
 * timeline): shown from the cache at once and refreshed from the server on every visit, since
 * while a page is not on screen its query is not refetched by live updates (refetchDocuments).
 * Never deduplicated: a refetch after a change must not join a request sent before it.
 */
export const LIVE_QUERY = {
  fetchPolicy: 'cache-and-network',
  context: { queryDeduplication: false },
} as const;

/** What an account change can alter: amounts, running plans, transaction lists and timelines. */
export const ACCOUNT_DOCUMENTS: readonly DocumentNode[] = [
  AccountDocument,
  RunningDepositsDocument,
  MyTransactionsDocument,
  TransactionTimelineDocument,
  BalanceHistoryDocument,
];

/** What a new notification alters: the bell (an admin message also changes the overview banner). */
export const NOTIFICATION_DOCUMENTS: readonly DocumentNode[] = [NotificationBellDocument, DashboardProfileDocument];

/**
 * Refetches the queries on screen made from these documents (by operation name; others are not
 * mounted, so there is nothing to refresh), or every query on screen for 'all' (RESYNC).
 */
export function refetchDocuments(client: ApolloClient, documents: readonly DocumentNode[] | 'all'): void {
  const names = documents === 'all' ? null : new Set(documents.map((d) => getOperationAST(d)?.name?.value));
  void client
    .refetchQueries({
      include: 'active',
      onQueryUpdated: (query) => names === null || names.has(query.queryName),
    })
    .catch(() => undefined); // a failed refetch keeps what is shown; the next change tries again
}
