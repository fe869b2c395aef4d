import { startTestApp, TestApp, TEST_PASSWORD } from '../../test/harness';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

const email = (tag: string) => `lang-${tag}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`;

describe('the account’s language (issue 39)', () => {
  it('keeps the language signed up in, English when none was sent', async () => {
    const german = email('de');
    const created = await t.gql(`mutation ($input: RegisterInput!) { register(input: $input) { email locale } }`, {
      input: { fullName: 'Greta Beispiel', email: german, country: 'DE', password: TEST_PASSWORD, locale: 'de' },
    });
    expect(created.body.data.register).toEqual({ email: german, locale: 'de' });

    const plain = email('none');
    const rest = await t.http
      .post('/api/user/create')
      .send({ fullName: 'Plain Person', email: plain, country: 'GB', password: TEST_PASSWORD });
    expect(rest.status).toBe(201);
    expect(rest.body.data.locale).toBe('en');
  });

  it('changes through the GraphQL and REST profile, refusing a language the platform does not speak', async () => {
    const { token } = await t.createUser();
    const viaGraphql = await t.gql(`mutation { updateProfile(input: { locale: "es" }) { locale } }`, {}, token);
    expect(viaGraphql.body.data.updateProfile.locale).toBe('es');

    const viaRest = await t.http.put('/api/user').set('Authorization', `Bearer ${token}`).send({ locale: 'de' });
    expect(viaRest.status).toBe(200);
    expect(viaRest.body.data.locale).toBe('de');

    const refused = await t.http.put('/api/user').set('Authorization', `Bearer ${token}`).send({ locale: 'fr' });
    expect(refused.status).toBe(422);
    expect(refused.body.errors).toEqual([
      { error: 'language must be one of en, es, de', code: 'VALIDATION', field: 'locale' },
    ]);
    const me = await t.gql(`{ me { locale } }`, {}, token);
    expect(me.body.data.me.locale).toBe('de'); // unchanged by the refused request
  });
});

describe('error answers in the caller’s language', () => {
  const shortName = { fullName: 'Al', email: 'al@example.com', country: 'DE', password: TEST_PASSWORD };

  it('REST: the English `error` and code stay; `localizedMessage` follows Accept-Language, absent without it', async () => {
    const plain = await t.http.post('/api/user/create').send(shortName);
    expect(plain.status).toBe(422);
    expect(plain.body.errors).toEqual([{ error: 'name is too short', code: 'VALIDATION', field: 'fullName' }]);

    const german = await t.http
      .post('/api/user/create')
      .set('Accept-Language', 'de-AT,de;q=0.9,en;q=0.5')
      .send(shortName);
    expect(german.body.errors).toEqual([
      { error: 'name is too short', code: 'VALIDATION', field: 'fullName', localizedMessage: 'der Name ist zu kurz' },
    ]);
  });

  it('GraphQL: `extensions.localizedMessage` beside the English message, for the error and each field', async () => {
    const answer = await t
      .gql(`mutation ($input: RegisterInput!) { register(input: $input) { id } }`, {
        input: shortName,
      })
      .set('Accept-Language', 'es');
    const [error] = answer.body.errors;
    expect(error.message).toBe('name is too short');
    expect(error.extensions.code).toBe('BAD_USER_INPUT');
    expect(error.extensions.localizedMessage).toBe('el nombre es demasiado corto');
    expect(error.extensions.fields).toEqual([
      { field: 'fullName', message: 'name is too short', localizedMessage: 'el nombre es demasiado corto' },
    ]);

    const english = await t.gql(`mutation ($input: RegisterInput!) { register(input: $input) { id } }`, {
      input: shortName,
    });
    expect(english.body.errors[0].extensions.localizedMessage).toBeUndefined();
  });
});
