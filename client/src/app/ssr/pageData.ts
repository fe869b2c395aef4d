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
 * Writes the page data into the server render's Apollo cache as the page's own queries would have
 * received it, so the page renders it with its usual hooks and the browser's client, restored from
 * the same cache, finds it too. writeQuery keeps only the fields the query selects: the records
 * need just their __typename, and no list of fields has to follow the query.
 */
export function seedApolloCache(client: ApolloClient, data: PageData): void {
  if (data.plans) {
    const plans = data.plans.map((plan) => ({ ...plan, __typename: 'Plan' as const }));
    client.writeQuery({ query: PlansDocument, data: { plans } });
  }
}
