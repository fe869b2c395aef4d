import { ApolloClient, ApolloLink, InMemoryCache } from '@apollo/client';
import { ServerError } from '@apollo/client/errors';
import { of, throwError } from 'rxjs';
import { AccountLiveDocument, MeDocument, PlansDocument } from '../../generated/graphql';
import {
  createApolloClient,
  createAuthLink,
  createEnrolmentRequiredLink,
  createUnauthorizedLink,
  lazyLiveLink,
} from './apollo';
import { isEnrolmentRequired, markEnrolmentRequired } from '../session/enrolmentGate';
import { readServerError, UNAVAILABLE_MESSAGE } from './graphqlErrors';
import { clearToken, setToken } from '../session/session';

/** The GraphQL error the server sends with each non-200 status. */
const ERROR_FOR_STATUS: Record<number, { message: string; extensions: { code: string } }> = {
  401: { message: 'You must be signed in', extensions: { code: 'UNAUTHENTICATED' } },
  503: {
    message: 'The service is temporarily unavailable. Try again in a moment.',
    extensions: { code: 'UNAVAILABLE' },
  },
};

/** A fake server answering every request with `status` and records the headers it got. */
function fakeServer(status: number) {
  const seen: Array<Record<string, string>> = [];
  const link = new ApolloLink((operation) => {
    seen.push({ ...(operation.getContext().headers as Record<string, string>) });
    operation.setContext({ response: { status } });
    return of(status === 200 ? { data: { plans: [] } } : { errors: [ERROR_FOR_STATUS[status]] });
  });
  return { link, seen };
}

function clientWith(status: number, onUnauthorized: (reason: string) => void, serverLink?: ApolloLink) {
  const server = serverLink ? { link: serverLink, seen: [] } : fakeServer(status);
  const client = new ApolloClient({
    link: ApolloLink.from([createUnauthorizedLink(onUnauthorized), createAuthLink(), server.link]),
    cache: new InMemoryCache(),
  });
  return { client, seen: server.seen };
}

describe('Apollo links', () => {
  afterEach(() => clearToken());

  it('sends the stored token as a bearer header, and none without a token', async () => {
    const { client, seen } = clientWith(200, jest.fn());
    await client.query({ query: PlansDocument, fetchPolicy: 'network-only' });
    setToken('t0k3n');
    await client.query({ query: PlansDocument, fetchPolicy: 'network-only' });
    expect(seen[0].authorization).toBeUndefined();
    expect(seen[1].authorization).toBe('Bearer t0k3n');
  });

  it('ends the session on a 401 to a request that carried a token', async () => {
    setToken('expired');
    const onUnauthorized = jest.fn();
    const { client } = clientWith(401, onUnauthorized);
    await expect(client.query({ query: PlansDocument })).rejects.toBeDefined();
    expect(onUnauthorized).toHaveBeenCalledTimes(1);
  });

  it('passes the reason of the refusal on: revoked, password changed, expired (the default)', async () => {
    const refusal = (reason?: string) =>
      new ApolloLink((operation) => {
        operation.setContext({ response: { status: 401 } });
        return of({
          errors: [{ message: 'Invalid or expired token', extensions: { code: 'UNAUTHENTICATED', reason } }],
        });
      });
    for (const [sent, told] of [
      ['SESSION_REVOKED', 'revoked'],
      ['PASSWORD_CHANGED', 'password_changed'],
      ['SESSION_EXPIRED', 'expired'],
      [undefined, 'expired'],
    ] as const) {
      setToken('ended');
      const onUnauthorized = jest.fn();
      const { client } = clientWith(401, onUnauthorized, refusal(sent));
      await expect(client.query({ query: PlansDocument })).rejects.toBeDefined();
      expect(onUnauthorized).toHaveBeenCalledWith(told);
    }
  });

  it("leaves a guest's 401 (e.g. wrong password) to the page", async () => {
    const onUnauthorized = jest.fn();
    const { client } = clientWith(401, onUnauthorized);
    await expect(client.query({ query: PlansDocument })).rejects.toBeDefined();
    expect(onUnauthorized).not.toHaveBeenCalled();
  });

  it('keeps the session on a 503 and reads it as "try again in a moment", GraphQL body or not', async () => {
    setToken('still-good');
    const onUnauthorized = jest.fn();
    const graphql503 = clientWith(503, onUnauthorized).client;
    const error = await graphql503.query({ query: PlansDocument }).catch((e: unknown) => e);
    expect(readServerError(error).messages).toEqual([UNAVAILABLE_MESSAGE]);

    const plain503 = new ApolloLink(() =>
      throwError(
        () => new ServerError('Response not successful', { response: { status: 503 } as Response, bodyText: '' }),
      ),
    );
    const proxied = clientWith(503, onUnauthorized, plain503).client;
    const proxyError = await proxied.query({ query: PlansDocument }).catch((e: unknown) => e);
    expect(readServerError(proxyError).messages).toEqual([UNAVAILABLE_MESSAGE]);
    expect(onUnauthorized).not.toHaveBeenCalled();
  });
});

describe('the admin enrolment rule (issue 13)', () => {
  afterEach(() => clearToken());

  /** A client whose server refuses everything with SECOND_FACTOR_ENROLMENT_REQUIRED (403). */
  function refusingClient(onEnrolmentRequired: (token: string) => void) {
    const server = new ApolloLink((operation) => {
      operation.setContext({ response: { status: 403 } });
      return of({
        errors: [
          {
            message: 'Administrators must set up two-factor sign-in first',
            extensions: { code: 'SECOND_FACTOR_ENROLMENT_REQUIRED' },
          },
        ],
      });
    });
    return new ApolloClient({
      link: ApolloLink.from([createEnrolmentRequiredLink(onEnrolmentRequired), createAuthLink(), server]),
      cache: new InMemoryCache(),
    });
  }

  it('reports the token the refused request carried', async () => {
    setToken('admin.without.factor');
    const onEnrolmentRequired = jest.fn();
    await expect(refusingClient(onEnrolmentRequired).query({ query: MeDocument })).rejects.toBeDefined();
    expect(onEnrolmentRequired).toHaveBeenCalledWith('admin.without.factor');
  });

  it('confines only the refused token: a new one (after enrolling) is free again', () => {
    setToken('admin.without.factor');
    markEnrolmentRequired('admin.without.factor');
    expect(isEnrolmentRequired()).toBe(true);
    setToken('proven.with.factor');
    expect(isEnrolmentRequired()).toBe(false);
    markEnrolmentRequired('admin.without.factor'); // a late answer to a request sent with the old token
    expect(isEnrolmentRequired()).toBe(false);
  });
});

describe('subscriptions', () => {
  afterEach(() => clearToken());

  const change = {
    data: { accountChanged: { __typename: 'AccountChange', reason: 'CONFIRMED', transactionId: 't1' } },
  };

  /** Collects what a subscription delivers until it completes. */
  function collect(client: ApolloClient): Promise<unknown[]> {
    return new Promise((resolve, reject) => {
      const seen: unknown[] = [];
      client.subscribe({ query: AccountLiveDocument }).subscribe({
        next: (value) => seen.push(value.data),
        error: reject,
        complete: () => resolve(seen),
      });
    });
  }

  it('go to the subscription link, never over HTTP', async () => {
    const operations: string[] = [];
    const subscriptionLink = new ApolloLink((operation) => {
      operations.push(operation.operationName ?? '');
      return of(change);
    });
    const client = createApolloClient({
      uri: 'http://127.0.0.1:1/unreachable',
      onUnauthorized: jest.fn(),
      subscriptionLink,
    });
    expect(await collect(client)).toEqual([change.data]);
    expect(operations).toEqual(['AccountLive']);
  });

  it('load the WebSocket code once, on the first subscription', async () => {
    const createLiveLink = jest.fn(() => new ApolloLink(() => of(change)));
    const load = jest.fn(async () => ({ createLiveLink }) as never);
    const link = lazyLiveLink('/graphql', load);
    expect(load).not.toHaveBeenCalled();
    const client = new ApolloClient({ link, cache: new InMemoryCache() });
    expect(await collect(client)).toEqual([change.data]);
    expect(await collect(client)).toEqual([change.data]);
    expect(load).toHaveBeenCalledTimes(1);
    expect(createLiveLink).toHaveBeenCalledWith('/graphql');
  });
});
