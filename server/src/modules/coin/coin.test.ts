import { createScratchDatabase, type ScratchDatabase, startTestApp, TestApp } from '../../test/harness';
import { ManualClock } from '../../test/manual-clock';
import { UserType } from '../user/user.entity';
import { DepositWallet } from '../wallet/deposit-wallet.entity';
import { CoinPrice } from './coin-price.entity';
import { ON_DEMAND_MIN_GAP_MS } from './coin.service';
import { defaultMarkets, FakePriceProvider, series, startFakePriceProvider } from '../../test/fake-price-provider';
import { parseMarkets, PriceFeedError } from './price-feed';

// Each test arranges what it needs (an empty or a filled price cache, the fake provider's mode)
// and moves a manual clock instead of ageing rows or sleeping; the cache lives in this file's
// own database, so no other test file sees it or changes it.

const COINS = `query Coins($exchange: String) {
  coins(exchange: $exchange) {
    status updatedAt
    coins { name symbol priceUsd change24hPercent sparkline updatedAt }
  }
}`;

/** The freshness window with the background refresh off: 2 x 300 s. */
const WINDOW_SECONDS = 600;

let db: ScratchDatabase;
let t: TestApp;
let fake: FakePriceProvider;
let token: string;
const clock = new ManualClock();
beforeAll(async () => {
  fake = await startFakePriceProvider();
  db = await createScratchDatabase();
  t = await startTestApp(
    { PRICE_FEED_URL: fake.url, PRICE_FEED_REFRESH_SECONDS: '0', PRICE_FEED_TIMEOUT_MS: '300' },
    { clock, databaseUrl: db.url },
  );
  ({ token } = await t.createUser(UserType.INVESTOR));
});
beforeEach(async () => {
  await t.services.ds.getRepository(CoinPrice).clear();
  fake.mode = 'ok';
  fake.body = defaultMarkets();
  fake.requests.length = 0;
  // Past the on-demand gap of whatever an earlier test asked: every test starts as a cold start.
  clock.advance(ON_DEMAND_MIN_GAP_MS);
});
afterAll(async () => {
  await t.close();
  await fake.close();
  await db.drop();
});

const gqlCoins = async (exchange?: string) => {
  const res = await t.gql(COINS, exchange ? { exchange } : {}, token);
  expect(res.body.errors).toBeUndefined();
  return res.body.data.coins;
};
const restCoins = (exchange = 'TW') =>
  t.http.get(`/api/coins?exchange=${exchange}`).set('authorization', `Bearer ${token}`);
const storedPrices = async () =>
  Object.fromEntries((await t.services.ds.getRepository(CoinPrice).find()).map((r) => [r.name, r.priceUsd]));
/** Fills the cache from the fake (as the background refresh would), at the clock's time. */
const refreshed = async () => {
  expect(await t.services.coins.refresh()).toBe(true);
  return clock.now().toISOString();
};

/** What the fake's default answer must become: exact decimal strings, known coins, TW wallet order. */
const EXPECTED = [
  { name: 'bitcoin', symbol: 'BTC', priceUsd: '67234.12', change24hPercent: '-1.23456' },
  { name: 'ethereum', symbol: 'ETH', priceUsd: '3521.5', change24hPercent: '2.5' },
  { name: 'usdt', symbol: 'USDT', priceUsd: '0.9998', change24hPercent: '0.01' },
  { name: 'bnb', symbol: 'BNB', priceUsd: '612.05', change24hPercent: null },
  { name: 'litecoin', symbol: 'LTC', priceUsd: '0.0000001', change24hPercent: '-0.5' },
];

describe('coins: access', () => {
  it('refuses guests on both transports (401) without asking the provider', async () => {
    const gql = await t.gql(COINS);
    expect(gql.status).toBe(401);
    expect(gql.body.errors[0].extensions.code).toBe('UNAUTHENTICATED');
    const rest = await t.http.get('/api/coins');
    expect(rest.status).toBe(401);
    expect(rest.body.errors[0].code).toBe('UNAUTHENTICATED');
    expect(fake.requests).toEqual([]);
  });
});

describe('coins: market data from the price feed', () => {
  it('says UNAVAILABLE with no coins when nothing is cached and the provider is down (asks once, not per request)', async () => {
    fake.mode = 'error';
    const gql = await gqlCoins();
    expect(gql).toEqual({ status: 'UNAVAILABLE', updatedAt: null, coins: [] });
    const rest = await restCoins();
    expect(rest.status).toBe(200);
    expect(rest.body).toEqual({ data: [], meta: { status: 'UNAVAILABLE', updatedAt: null } });
    expect(fake.requests).toHaveLength(1);
    expect(await t.services.ds.getRepository(CoinPrice).count()).toBe(0);
  });

  it('stores the prices on refresh and serves them LIVE with the exact decimals sent (GraphQL and REST)', async () => {
    const at = await refreshed();
    const url = new URL(fake.requests.at(-1)!, 'http://x');
    expect(url.pathname).toBe('/api/v3/coins/markets');
    expect(Object.fromEntries(url.searchParams)).toMatchObject({
      vs_currency: 'usd',
      ids: 'bitcoin,ethereum,tether,binancecoin,litecoin',
      sparkline: 'true',
    });

    const market = await gqlCoins();
    expect(market.status).toBe('LIVE');
    expect(market.coins.map(({ sparkline: _s, updatedAt: _u, ...c }: Record<string, unknown>) => c)).toEqual(EXPECTED);
    expect(market.updatedAt).toBe(at);
    const btc = market.coins[0];
    expect(btc.sparkline).toHaveLength(168); // 170 sent, the latest 168 kept
    expect(btc.sparkline).toEqual(series(67000, 170).slice(-168).map(String));
    expect(market.coins[4].sparkline).toEqual(['0.0000001', '2.5']);
    expect(market.coins.map((c: { name: string }) => c.name)).not.toContain('dogecoin');

    const rest = await restCoins();
    expect(rest.status).toBe(200);
    expect(rest.body.meta).toEqual({ status: 'LIVE', updatedAt: at });
    expect(rest.body.data).toEqual(market.coins);
  });

  it('keeps serving the last known prices when the provider is down, STALE once older than the window', async () => {
    const at = await refreshed();
    const live = await gqlCoins();
    for (const mode of ['error', 'reset'] as const) {
      fake.mode = mode;
      expect(await t.services.coins.refresh()).toBe(false);
    }
    expect(await gqlCoins()).toEqual(live); // still fresh: same prices, same time, LIVE

    clock.advanceSeconds(WINDOW_SECONDS - 1);
    expect((await gqlCoins()).status).toBe('LIVE');
    clock.advanceSeconds(1);
    const stale = await gqlCoins();
    expect(stale.status).toBe('STALE');
    expect(stale.updatedAt).toBe(at);
    expect(stale.coins.map((c: { priceUsd: string }) => c.priceUsd)).toEqual(EXPECTED.map((c) => c.priceUsd));
    const rest = await restCoins();
    expect(rest.body.meta).toEqual({ status: 'STALE', updatedAt: at });
    expect(rest.body.data.map((c: { name: string }) => c.name)).toEqual(EXPECTED.map((c) => c.name));
  });

  it('treats junk, a malformed answer and a hanging provider as outages: no throw, cache kept', async () => {
    await refreshed();
    const kept = await storedPrices();
    fake.mode = 'garbage';
    await expect(t.services.coins.refresh()).resolves.toBe(false);

    fake.mode = 'ok';
    const broken = defaultMarkets() as Record<string, unknown>[];
    broken[0] = { ...broken[0], current_price: 1 }; // a valid new bitcoin price ...
    broken[1] = { ...broken[1], current_price: '3600' }; // ... next to a wrong type: nothing applies
    fake.body = broken;
    await expect(t.services.coins.refresh()).resolves.toBe(false);
    fake.body = { error: 'rate limited' };
    await expect(t.services.coins.refresh()).resolves.toBe(false);

    // PRICE_FEED_TIMEOUT_MS = 300: the request is abandoned then, whatever the provider does.
    fake.mode = 'hang';
    await expect(t.services.coins.refresh()).resolves.toBe(false);

    expect(await storedPrices()).toEqual(kept);
    expect((await gqlCoins()).status).toBe('LIVE');
  });

  it('a later good answer replaces the prices and makes them LIVE again', async () => {
    await refreshed();
    clock.advanceSeconds(WINDOW_SECONDS);
    expect((await gqlCoins()).status).toBe('STALE');
    const next = defaultMarkets() as Record<string, unknown>[];
    next[0] = { ...next[0], current_price: 68000.01 };
    fake.body = next;
    const at = await refreshed();
    const market = await gqlCoins();
    expect(market).toMatchObject({ status: 'LIVE', updatedAt: at });
    expect(market.coins[0].priceUsd).toBe('68000.01');
  });
});

describe('coins: exchange', () => {
  it('shows the coins configured for the exchange, in its wallet order; unknown exchange: none', async () => {
    await refreshed();
    const wallets = t.services.ds.getRepository(DepositWallet);
    await wallets.insert([
      { exchange: 'ZZCOIN', name: 'litecoin', address: 'ltc-test', imageUrl: null, sortOrder: 0 },
      { exchange: 'ZZCOIN', name: 'solana', address: 'sol-test', imageUrl: null, sortOrder: 1 },
      { exchange: 'ZZCOIN', name: 'bitcoin', address: 'btc-test', imageUrl: null, sortOrder: 2 },
    ]);
    try {
      const zz = await gqlCoins('zzcoin');
      expect(zz.status).toBe('LIVE');
      expect(zz.coins.map((c: { name: string }) => c.name)).toEqual(['litecoin', 'bitcoin']);
      const rest = await restCoins('ZZCOIN');
      expect(rest.body.data.map((c: { name: string }) => c.name)).toEqual(['litecoin', 'bitcoin']);
    } finally {
      await wallets.delete({ exchange: 'ZZCOIN' });
    }
    const none = await gqlCoins('NOPE');
    expect(none.coins).toEqual([]);
    expect(none.status).toBe('LIVE');
    expect(none.updatedAt).not.toBeNull();
    expect((await restCoins('NOPE')).body).toMatchObject({ data: [], meta: { status: 'LIVE' } });
  });
});

describe('coins: fetching on demand and in the background', () => {
  it('with an empty cache, the first reader fetches once and gets LIVE prices; readers within the gap wait for the refresh', async () => {
    const market = await t.services.coins.list('TW');
    expect(market.status).toBe('LIVE');
    expect(market.coins.map((c) => c.priceUsd)).toEqual(EXPECTED.map((c) => c.priceUsd));
    expect(fake.requests).toHaveLength(1);

    // The provider fails now and the cache is emptied: within the gap nobody asks again.
    await t.services.ds.getRepository(CoinPrice).clear();
    fake.mode = 'error';
    clock.advance(ON_DEMAND_MIN_GAP_MS - 1);
    expect((await t.services.coins.list('TW')).status).toBe('UNAVAILABLE');
    expect(fake.requests).toHaveLength(1);
    clock.advance(1);
    expect((await t.services.coins.list('TW')).status).toBe('UNAVAILABLE');
    expect(fake.requests).toHaveLength(2);
  });

  it('livePrice (what a payment found on chain is valued at) asks the provider when nothing fresh is cached, never serves a stale price', async () => {
    expect(await t.services.coins.livePrice('ethereum')).toBe('3521.5');
    expect(fake.requests).toHaveLength(1);
    expect(await t.services.coins.livePrice('bitcoin')).toBe('67234.12'); // fresh now: no second request
    expect(fake.requests).toHaveLength(1);
    clock.advance(WINDOW_SECONDS * 1000); // stale, and the provider is down: no price at all
    fake.mode = 'error';
    expect(await t.services.coins.livePrice('ethereum')).toBeNull();
    expect(fake.requests).toHaveLength(2);
  });

  it('the price refresh is one periodic task (run once across instances), registered only with a feed and an interval', async () => {
    // This app runs with PRICE_FEED_REFRESH_SECONDS=0: nothing to schedule.
    await expect(t.services.scheduler.runNow('coins.refresh')).rejects.toThrow(/no scheduled task named coins.refresh/);
    const refreshing = await startTestApp(
      { PRICE_FEED_URL: fake.url, PRICE_FEED_REFRESH_SECONDS: '120', PRICE_FEED_TIMEOUT_MS: '300' },
      { clock, databaseUrl: db.url },
    );
    try {
      expect(await refreshing.services.scheduler.runNow('coins.refresh')).toBe(true);
      expect(fake.requests).toHaveLength(1);
      expect(await refreshing.services.ds.getRepository(CoinPrice).count()).toBeGreaterThan(0);
    } finally {
      await refreshing.close();
    }
  });
});

describe('price feed adapter', () => {
  it('rejects non-finite, negative and mistyped numbers, and answers without known coins', () => {
    const ok = defaultMarkets() as Record<string, unknown>[];
    expect(parseMarkets(ok)).toHaveLength(5);
    const bad = (patch: Record<string, unknown>) => [{ ...ok[0], ...patch }];
    expect(() => parseMarkets(bad({ current_price: -1 }))).toThrow(PriceFeedError);
    expect(() => parseMarkets(bad({ current_price: null }))).toThrow(PriceFeedError);
    expect(() => parseMarkets(bad({ price_change_percentage_24h: 'x' }))).toThrow(PriceFeedError);
    expect(() => parseMarkets(bad({ sparkline_in_7d: { price: [1, null] } }))).toThrow(PriceFeedError);
    expect(() => parseMarkets(bad({ sparkline_in_7d: { price: 'up' } }))).toThrow(PriceFeedError);
    expect(() => parseMarkets([ok[5]])).toThrow(/no known coins/);
    expect(() => parseMarkets([{ ...ok[0], id: 'constructor' }])).toThrow(/no known coins/);
    expect(() => parseMarkets([null])).toThrow(PriceFeedError);
  });
});
