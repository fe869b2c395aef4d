import { createServer, Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/** How the fake answers: a good market list, an HTTP error, a dropped connection, junk or silence. */
export type FakeMode = 'ok' | 'error' | 'reset' | 'garbage' | 'hang';

/** A local stand-in for the CoinGecko API, so tests never reach the internet. */
export interface FakePriceProvider {
  url: string;
  mode: FakeMode;
  /** What `ok` serves (a realistic /coins/markets answer); tests may replace it. */
  body: unknown;
  /** Request paths received, in order. */
  requests: string[];
  close(): Promise<void>;
}

/** A 7-day hourly series of `points` prices around `base`, as the provider sends it (numbers). */
export function series(base: number, points: number): number[] {
  return Array.from({ length: points }, (_, i) => Math.round((base + Math.sin(i / 5) * base * 0.02) * 100) / 100);
}

/** A realistic `/coins/markets` entry (fields the adapter ignores included, as CoinGecko sends them). */
export function marketEntry(id: string, symbol: string, price: number, change: number | null, spark: number[]) {
  return {
    id,
    symbol,
    name: id[0].toUpperCase() + id.slice(1),
    image: `https://assets.example.test/${id}.png`,
    current_price: price,
    market_cap: 1_300_000_000_000,
    market_cap_rank: 1,
    total_volume: 31_000_000_000,
    high_24h: price * 1.01,
    low_24h: price * 0.99,
    price_change_percentage_24h: change,
    circulating_supply: 19_700_000,
    last_updated: '2025-11-26T09:59:31.120Z',
    sparkline_in_7d: { price: spark },
    price_change_percentage_24h_in_currency: change,
  };
}

/** The default answer: the five known coins plus one the app does not offer (dogecoin). */
export function defaultMarkets(): unknown[] {
  return [
    marketEntry('bitcoin', 'btc', 67234.12, -1.23456, series(67000, 170)),
    marketEntry('ethereum', 'eth', 3521.5, 2.5, series(3500, 168)),
    marketEntry('tether', 'usdt', 0.9998, 0.01, series(1, 168)),
    marketEntry('binancecoin', 'bnb', 612.05, null, series(600, 168)),
    marketEntry('litecoin', 'ltc', 0.0000001, -0.5, [1e-7, 2.5]),
    marketEntry('dogecoin', 'doge', 0.16, 3, series(0.16, 168)),
  ];
}

/** Starts the fake on 127.0.0.1 with a random port. */
export async function startFakePriceProvider(): Promise<FakePriceProvider> {
  const fake: FakePriceProvider = {
    url: '',
    mode: 'ok',
    body: defaultMarkets(),
    requests: [],
    close: () => Promise.resolve(),
  };
  const server: Server = createServer((req, res) => {
    fake.requests.push(req.url ?? '');
    const json = (status: number, text: string) =>
      res.writeHead(status, { 'content-type': 'application/json' }).end(text);
    if (!req.url?.startsWith('/api/v3/coins/markets')) return json(404, '{"error":"not found"}');
    switch (fake.mode) {
      case 'ok':
        return json(200, JSON.stringify(fake.body));
      case 'error':
        return json(503, '{"status":{"error_code":503,"error_message":"Service Unavailable"}}');
      case 'reset':
        return req.socket.destroy();
      case 'garbage':
        return json(200, '<html>rate limited</html>');
      case 'hang':
        return; // never answers
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  fake.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/v3`;
  fake.close = () =>
    new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    });
  return fake;
}
