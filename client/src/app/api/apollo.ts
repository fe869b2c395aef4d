import { ApolloClient, ApolloLink, HttpLink, InMemoryCache } from '@apollo/client';
import { CombinedGraphQLErrors, ServerError } from '@apollo/client/errors';
import { SetContextLink } from '@apollo/client/link/context';
import { ErrorLink } from '@apollo/client/link/error';
import type { GraphQLWsLink } from '@apollo/client/link/subscriptions';
import { OperationTypeNode } from 'graphql';
import { defer, mergeMap } from 'rxjs';
import { markEnrolmentRequired } from '../session/enrolmentGate';
import { getToken } from '../session/session';
import { endReasonFromServer, type SessionEndReason } from '../session/sessionEnd';

/** What the app shell passes in: the endpoint and what to do when the session is rejected. */
export interface ApolloClientOptions {
  /** GraphQL endpoint, e.g. '/graphql'. */
  uri: string;
  /** Called once per 401 answer to a request that carried a token (SPEC §4 401 rule), with why (issue 38). */
  onUnauthorized: (reason: SessionEndReason) => void;
  /** Called with the refused token when the server confines it to second-factor enrolment (default: enrolmentGate). */
  onEnrolmentRequired?: (token: string) => void;
  /** Enables Apollo's dev-time warnings. */
  dev?: boolean;
  /** Carries subscriptions; default: graphql-ws on the same URL, loaded on first use (lazyLiveLink). */
  subscriptionLink?: ApolloLink;
}

/** The page's language (`<html lang>`, kept by the language switch), for error answers in it. */
const pageLanguage = () => (typeof document === 'undefined' ? '' : document.documentElement.lang);

/**
 * Adds `Authorization: Bearer <token>` to every request while a token is stored (SPEC §4), and
 * `Accept-Language` with the page's language (not the browser's), so error answers carry their
 * text in the language the reader chose (`extensions.localizedMessage`).
 */
export function createAuthLink(): ApolloLink {
  return new SetContextLink((prevContext) => {
    const token = getToken();
    const lang = pageLanguage();
    if (!token && !lang) return {};
    return {
      headers: {
        ...prevContext.headers,
        ...(lang ? { 'accept-language': lang } : {}),
        ...(token ? { authorization: `Bearer ${token}` } : {}),
      },
    };
  });
}

/**
 * The 401 rule: an HTTP 401 (the server's status for UNAUTHENTICATED) to a request that sent a
 * token means the session is dead, so `onUnauthorized` ends it. The status is read from the
 * ServerError, or from the response HttpLink stores in the context when the body was a
 * well-formed GraphQL response (application/graphql-response+json keeps non-2xx bodies).
 * Guests' 401s (e.g. a wrong password) are left to the page that made the call.
 */
export function createUnauthorizedLink(onUnauthorized: (reason: SessionEndReason) => void): ApolloLink {
  return new ErrorLink(({ error, operation }) => {
    const context = operation.getContext();
    const status = ServerError.is(error) ? error.statusCode : (context.response as Response | undefined)?.status;
    const sentToken = Boolean((context.headers as Record<string, string> | undefined)?.authorization);
    if (status === 401 && sentToken) onUnauthorized(endReasonFromServer(refusalReason(error)));
  });
}

/** `extensions.reason` of a refusal (issue 38): from the GraphQL errors, or the JSON body of a bare 401. */
function refusalReason(error: unknown): unknown {
  if (CombinedGraphQLErrors.is(error)) return error.errors.find((e) => e.extensions?.reason)?.extensions?.reason;
  if (!ServerError.is(error)) return undefined;
  try {
    const body = JSON.parse(error.bodyText) as { errors?: Array<{ extensions?: { reason?: unknown } }> };
    return body.errors?.find((e) => e.extensions?.reason)?.extensions?.reason;
  } catch {
    return undefined;
  }
}

/** The error code of an administrator's session that has not proven a second factor (issue 13). */
export const ENROLMENT_REQUIRED_CODE = 'SECOND_FACTOR_ENROLMENT_REQUIRED';

/**
 * The admin second-factor rule: any answer with SECOND_FACTOR_ENROLMENT_REQUIRED (HTTP 403) means
 * the token it carried may only set up a second factor: `onEnrolmentRequired` records it, and the
 * admin area shows its enrolment page instead of pages that would all fail the same way.
 */
export function createEnrolmentRequiredLink(onEnrolmentRequired: (token: string) => void): ApolloLink {
  return new ErrorLink(({ error, operation }) => {
    if (!CombinedGraphQLErrors.is(error)) return;
    if (!error.errors.some((e) => e.extensions?.code === ENROLMENT_REQUIRED_CODE)) return;
    // The token this request carried: one replaced meanwhile (just enrolled) is not confined.
    const sent = (operation.getContext().headers as Record<string, string> | undefined)?.authorization;
    const token = sent?.replace(/^Bearer /, '');
    if (token) onEnrolmentRequired(token);
  });
}

/**
 * The subscription link, fetched the first time a subscription starts: graphql-ws and the socket
 * code stay out of the bundle until a signed-in dashboard subscribes (public pages never do).
 */
export function lazyLiveLink(
  uri: string,
  load: () => Promise<{ createLiveLink(uri: string): GraphQLWsLink }> = () => import('./liveLink'),
): ApolloLink {
  let link: Promise<GraphQLWsLink> | undefined;
  // A failed chunk download is tried again by the next subscription.
  const loadOnce = () =>
    load()
      .then((m) => m.createLiveLink(uri))
      .catch((error: unknown) => {
        link = undefined;
        throw error;
      });
  return new ApolloLink((operation) =>
    defer(() => (link ??= loadOnce())).pipe(mergeMap((live) => live.request(operation))),
  );
}

/** True for subscriptions: they go over the WebSocket, everything else over HTTP. */
export function isSubscription(operation: ApolloLink.Operation): boolean {
  return operation.operationType === OperationTypeNode.SUBSCRIPTION;
}

/**
 * The app's Apollo Client: 401 rule -> admin enrolment rule -> bearer token -> HTTP for queries
 * and mutations, the WebSocket link for subscriptions (whose token goes in `connection_init`,
 * see liveLink.ts).
 */
export function createApolloClient({
  uri,
  onUnauthorized,
  onEnrolmentRequired = markEnrolmentRequired,
  dev = false,
  subscriptionLink = lazyLiveLink(uri),
}: ApolloClientOptions): ApolloClient {
  return new ApolloClient({
    link: ApolloLink.from([
      createUnauthorizedLink(onUnauthorized),
      createEnrolmentRequiredLink(onEnrolmentRequired),
      createAuthLink(),
      ApolloLink.split(isSubscription, subscriptionLink, new HttpLink({ uri })),
    ]),
    cache: new InMemoryCache(),
    devtools: { enabled: dev },
  });
}
