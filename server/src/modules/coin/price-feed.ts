import Decimal from 'decimal.js';

/**
 * Provider ids (CoinGecko) -> the coin names used across the app (wallets, accounts) and their
 * tickers. Only these are requested and only these are accepted from an answer.
 */
export const FEED_COINS: Readonly<Record<string, { name: string; symbol: string }>> = {
  bitcoin: { name: 'bitcoin', symbol: 'BTC' },
  ethereum: { name: 'ethereum', symbol: 'ETH' },
  tether: { name: 'usdt', symbol: 'USDT' },
  binancecoin: { name: 'bnb', symbol: 'BNB' },
  litecoin: { name: 'litecoin', symbol: 'LTC' },
};

/** Most points kept of a 7-day series (hourly = 168); a chart needs no more. */
export const SPARKLINE_MAX_POINTS = 168;

/** Largest answer read from the provider; anything bigger is treated as malformed. */
const MAX_BODY_CHARS = 2_000_000;

/** One coin's quote as decimal strings, ready to store. */
export interface FeedQuote {
  name: string;
  symbol: string;
  priceUsd: string;
  change24hPercent: string | null;
  sparkline: string[];
}

/** The provider failed, timed out or answered something we cannot trust. */
export class PriceFeedError extends Error {}

/** Exact decimal text of a provider number (no exponent); rejects NaN, Infinity and non-numbers. */
function decimalOf(value: unknown, what: string, allowNegative = false): string {
  if (typeof value !== 'number' || !Number.isFinite(value) || (!allowNegative && value < 0)) {
    throw new PriceFeedError(`malformed answer: ${what} is not a valid number`);
  }
  return new Decimal(value).toFixed();
}

/**
 * Validates a `/coins/markets` answer and maps it to quotes. Unknown ids are skipped; any
 * malformed known entry rejects the whole answer, so a half-broken feed never overwrites the cache.
 */
export function parseMarkets(body: unknown): FeedQuote[] {
  if (!Array.isArray(body)) throw new PriceFeedError('malformed answer: expected an array');
  const quotes = new Map<string, FeedQuote>();
  for (const item of body as unknown[]) {
    if (!item || typeof item !== 'object') throw new PriceFeedError('malformed answer: entry is not an object');
    const entry = item as Record<string, unknown>;
    const id = typeof entry.id === 'string' && Object.hasOwn(FEED_COINS, entry.id) ? entry.id : null;
    if (!id) continue;
    const known = FEED_COINS[id];
    const change = entry.price_change_percentage_24h;
    const series = (entry.sparkline_in_7d as { price?: unknown } | null | undefined)?.price ?? [];
    if (!Array.isArray(series)) throw new PriceFeedError(`malformed answer: ${id} sparkline is not a list`);
    quotes.set(known.name, {
      name: known.name,
      symbol: known.symbol,
      priceUsd: decimalOf(entry.current_price, `${id} price`),
      change24hPercent: change === null || change === undefined ? null : decimalOf(change, `${id} change`, true),
      sparkline: series.slice(-SPARKLINE_MAX_POINTS).map((p) => decimalOf(p, `${id} sparkline point`)),
    });
  }
  if (!quotes.size) throw new PriceFeedError('malformed answer: no known coins');
  return [...quotes.values()];
}

/** GETs the markets of the known coins from a CoinGecko-compatible API, within `timeoutMs`. */
export async function fetchQuotes(baseUrl: string, timeoutMs: number): Promise<FeedQuote[]> {
  const url =
    `${baseUrl.replace(/\/+$/, '')}/coins/markets?vs_currency=usd&ids=${Object.keys(FEED_COINS).join(',')}` +
    `&sparkline=true&price_change_percentage=24h`;
  const abort = new AbortController();
  const timer = setTimeout(() => abort.abort(), timeoutMs);
  try {
    const res = await fetch(url, { headers: { accept: 'application/json' }, signal: abort.signal });
    if (!res.ok) throw new PriceFeedError(`provider answered HTTP ${res.status}`);
    const text = await res.text();
    if (text.length > MAX_BODY_CHARS) throw new PriceFeedError('malformed answer: too large');
    let body: unknown;
    try {
      body = JSON.parse(text);
    } catch {
      throw new PriceFeedError('malformed answer: not JSON');
    }
    return parseMarkets(body);
  } catch (err) {
    if (err instanceof PriceFeedError) throw err;
    if (abort.signal.aborted) throw new PriceFeedError(`provider did not answer within ${timeoutMs} ms`);
    throw new PriceFeedError(`provider unreachable: ${(err as Error).message}`);
  } finally {
    clearTimeout(timer);
  }
}
