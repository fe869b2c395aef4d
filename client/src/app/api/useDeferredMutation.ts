import type { ApolloClient, OperationVariables, TypedDocumentNode } from '@apollo/client';
import { getApolloContext } from '@apollo/client/react';
import { useCallback, useContext } from 'react';

/** The generated documents module: one chunk, loaded only when a deferred form is first sent. */
type GeneratedDocuments = typeof import('../../generated/graphql');

/**
 * The loader of one generated document, by its export name (`'RegisterDocument'`), for
 * useDeferredMutation. Define it outside the component: it is a dependency of the send function.
 */
export const generatedDocument =
  <K extends keyof GeneratedDocuments>(name: K) =>
  (): Promise<GeneratedDocuments[K]> =>
    import('../../generated/graphql').then((m) => m[name]);

/** The page's one Apollo client, its code (ApolloOutlet's chunk) loaded on first use. */
const loadPageClient = (): Promise<ApolloClient> => import('./ApolloOutlet').then((m) => m.appClient());

/**
 * Sends the mutation `loadMutation` imports through the page's Apollo client, for pages that only
 * send (contact, register): they render and hydrate without Apollo's code or the generated
 * documents (one chunk of all of them), which load when the form is first sent (issue 16:
 * evaluating them before hydration was a long task on a phone). Where an ApolloProvider is above
 * (tests, pages under ApolloOutlet) its client is used. Errors are thrown as useMutation's mutate
 * function throws them. Pass a function defined outside the component (it is a dependency).
 */
export function useDeferredMutation<TData, TVariables extends OperationVariables>(
  loadMutation: () => Promise<TypedDocumentNode<TData, TVariables>>,
) {
  const provided = useContext(getApolloContext()).client;
  return useCallback(
    async (variables: TVariables) => {
      const [client, mutation] = await Promise.all([provided ?? loadPageClient(), loadMutation()]);
      return client.mutate<TData, TVariables>({ mutation, variables } as ApolloClient.MutateOptions<TData, TVariables>);
    },
    [provided, loadMutation],
  );
}
