import { UserType } from '../../modules/user/user.entity';
import { startFakePriceProvider, type FakePriceProvider } from '../../test/fake-price-provider';
import { createScratchDatabase, startTestApp, type ScratchDatabase, type TestApp } from '../../test/harness';
import { bearer, contractSuite, randomUuid } from '../../test/openapi-contract-suite';
import { tinyPng } from '../../test/test-images';

/** Issue 36, the public content, the contact form, coin prices and uploads: every answer as documented. */
const { answers, missingSuccesses } = contractSuite('public');
let prices: FakePriceProvider;
let db: ScratchDatabase;
let t: TestApp;
beforeAll(async () => {
  // Prices come from a local fake into this file's own database: the run's shared price cache stays as it is.
  prices = await startFakePriceProvider();
  db = await createScratchDatabase();
  t = await startTestApp({ PRICE_FEED_URL: prices.url, PRICE_FEED_REFRESH_SECONDS: '0' }, { databaseUrl: db.url });
});
afterAll(async () => {
  await t.close();
  await db.drop();
  await prices.close();
});

describe('public content', () => {
  it('answers wallets, plans and the site to anyone', async () => {
    const wallets = await answers(t.http.get('/api/wallets'), 200);
    expect(wallets.body.data.length).toBeGreaterThan(0);
    expect((await answers(t.http.get('/api/wallets?exchange=NOPE'), 200)).body.data).toEqual([]);
    const plans = await answers(t.http.get('/api/plans'), 200);
    expect(plans.body.data.map((p: { name: string }) => p.name)).toContain('Gold');
    await answers(t.http.get('/api/site'), 200);
  });

  it('takes a contact message, refusing a short one', async () => {
    const message = {
      name: 'Ada Lovelace',
      email: 'ada@example.test',
      subject: 'Hello',
      message: 'A question about plans.',
    };
    await answers(t.http.post('/api/contact').send(message), 201);
    await answers(t.http.post('/api/contact').send({ ...message, message: 'short' }), 422);
  });
});

describe('coins', () => {
  it('answers the prices to a signed-in user', async () => {
    const { token } = await t.createUser(UserType.INVESTOR);
    const coins = await answers(t.http.get('/api/coins').set(bearer(token)), 200);
    expect(coins.body.meta.status).toBe('LIVE');
    expect(coins.body.data.length).toBeGreaterThan(0);
    await answers(t.http.get('/api/coins'), 401);
  });
});

describe('uploads', () => {
  it('stores an image and serves its bytes through the signed link, refusing bad links and non-images', async () => {
    const { token } = await t.createUser(UserType.INVESTOR);
    const png = tinyPng();
    const upload = (data: Buffer) => t.http.post('/api/upload').set(bearer(token)).attach('file', data, 'proof.png');
    const stored = await answers(upload(png), 201);
    await answers(upload(Buffer.from('not an image')), 422);
    await answers(t.http.post('/api/upload').attach('file', png, 'proof.png'), 401);

    const image = await answers(t.http.get(stored.body.data.url).buffer(true), 200);
    expect(image.headers['content-type']).toBe('image/png');
    expect(Buffer.from(image.body).equals(png)).toBe(true);
    await answers(t.http.get(`/api/upload/${stored.body.data.id}?expires=1&sig=nope`), 403);
    await answers(t.http.get(t.services.uploads.signedUrl(randomUuid())), 404);
  });
});

it('has called every public, coin and upload operation with a documented success', () => {
  expect(missingSuccesses()).toEqual([]);
});
