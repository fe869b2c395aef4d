import type { ApolloServerPlugin } from '@apollo/server';
import { GraphQLError } from 'graphql';

/** What a subscription sent as an HTTP request is told. */
export const SUBSCRIPTIONS_OVER_WEBSOCKET = 'Subscriptions are served over WebSocket at /graphql (graphql-ws)';

/**
 * Apollo would run a subscription sent by HTTP POST as a one-off query, with no event to resolve
 * (an internal error): it is refused as a bad request instead, before anything runs.
 */
export function refuseSubscriptionsOverHttp<T extends object>(): ApolloServerPlugin<T> {
  return {
    async requestDidStart() {
      return {
        async didResolveOperation({ operation }) {
          if (operation?.operation === 'subscription')
            throw new GraphQLError(SUBSCRIPTIONS_OVER_WEBSOCKET, {
              extensions: { code: 'BAD_REQUEST', http: { status: 400 } },
            });
        },
      };
    },
  };
}
