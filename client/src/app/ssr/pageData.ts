import type { ApolloClient } from '@apollo/client';
import { PlansDocument, type PlansQuery } from '../../generated/graphql';

/**
 * Public data the server loaded, through its own services, for the page it renders; keyed as
 * the routes ask for it (route handle `data`). Records may carry more columns than the page shows.
 */
export interface PageData {
  plans?: PlansQuery['plans'];
}

/** A kind of page data a route can ask for. */
export type PageDataKey = keyof PageData;

/**
 * Writes the page data into the server render's Apollo cache exactly as the page's own queries
 * would have received it (only the queried fields, with their __typename), so the page renders it
 * with its usual hooks and the browser's client, restored from the same cache, finds it too.
 */
export function seedApolloCache(client: ApolloClient, data: PageData): void {
  if (data.plans) {
    const plans = data.plans.map(({ id, name, minAmount, maxAmount, profitPercent, durationHours }) => ({
      __typename: 'Plan' as const,
      id,
      name,
      minAmount,
      maxAmount,
      profitPercent,
      durationHours,
    }));
    client.writeQuery({ query: PlansDocument, data: { plans } });
  }
}
