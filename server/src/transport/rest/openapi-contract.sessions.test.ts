import { UserType } from '../../modules/user/user.entity';
import { startTestApp, TEST_PASSWORD, type TestApp } from '../../test/harness';
import { bearer, contractSuite, randomUuid } from '../../test/openapi-contract-suite';

/** Issue 38, sessions: list, sign out one, the others, everywhere; refusals with their reason. Every answer as documented. */
const { answers, missingSuccesses } = contractSuite('sessions');
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t.close();
});

/** A password sign-in's token. */
async function signIn(email: string): Promise<string> {
  const res = await t.http.post('/api/user/login').send({ email, password: TEST_PASSWORD });
  return res.body.data.token as string;
}

it('lists the sessions and signs them out, as documented', async () => {
  const { user, token } = await t.createUser(UserType.INVESTOR);
  const other = await signIn(user.email);
  await answers(t.http.get('/api/user/sessions'), 401);
  const listed = await answers(t.http.get('/api/user/sessions').set(bearer(token)), 200);
  expect(listed.body.data).toHaveLength(2);
  const otherId = listed.body.data.find((s: { current: boolean }) => !s.current).id as string;

  await answers(t.http.delete(`/api/user/sessions/${randomUuid()}`).set(bearer(token)), 404);
  await answers(t.http.delete(`/api/user/sessions/${otherId}`).set(bearer(token)), 200);
  const refused = await answers(t.http.get('/api/user/sessions').set(bearer(other)), 401);
  expect(refused.body.errors[0]).toMatchObject({ code: 'UNAUTHENTICATED', reason: 'SESSION_REVOKED' });

  const third = await signIn(user.email);
  const others = await answers(t.http.post('/api/user/sessions/end-others').set(bearer(third)), 200);
  expect(others.body.data).toEqual({ ended: 1 });
  const all = await answers(t.http.post('/api/user/sessions/end-all').set(bearer(third)), 200);
  expect(all.body.data).toEqual({ ended: 1 });
  await answers(t.http.get('/api/user/sessions').set(bearer(third)), 401);
});

it('refuses API keys (403)', async () => {
  const { token } = await t.createUser(UserType.INVESTOR);
  const key = await t.gql(
    'mutation { createApiKey(input: { name: "Reader", scopes: [ACCOUNT_READ] }) { secret } }',
    {},
    token,
  );
  const secret = key.body.data?.createApiKey?.secret as string | undefined;
  if (!secret) throw new Error(`no API key: ${JSON.stringify(key.body.errors)}`);
  await answers(t.http.get('/api/user/sessions').set(bearer(secret)), 403);
});

it('answered every operation of the area with a success', () => {
  expect(missingSuccesses()).toEqual([]);
});
