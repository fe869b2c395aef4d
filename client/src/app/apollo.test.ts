import { ApolloClient, ApolloLink, InMemoryCache } from '@apollo/client';
import { of } from 'rxjs';
import { PlansDocument } from '../generated/graphql';
import { createAuthLink, createUnauthorizedLink } from './apollo';
import { clearToken, setToken } from './session';

/** A fake server answering every request with `status` and records the headers it got. */
function fakeServer(status: number) {
  const seen: Array<Record<string, string>> = [];
  const link = new ApolloLink((operation) => {
    seen.push({ ...(operation.getContext().headers as Record<string, string>) });
    operation.setContext({ response: { status } });
    return of(
      status === 200
        ? { data: { plans: [] } }
        : { errors: [{ message: 'You must be signed in', extensions: { code: 'UNAUTHENTICATED' } }] },
    );
  });
  return { link, seen };
}

function clientWith(status: number, onUnauthorized: () => void) {
  const server = fakeServer(status);
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

  it("leaves a guest's 401 (e.g. wrong password) to the page", async () => {
    const onUnauthorized = jest.fn();
    const { client } = clientWith(401, onUnauthorized);
    await expect(client.query({ query: PlansDocument })).rejects.toBeDefined();
    expect(onUnauthorized).not.toHaveBeenCalled();
  });
});
