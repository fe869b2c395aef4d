import { isIP } from 'node:net';
import type { Logger } from './logger';

/**
 * TRUST_PROXY as express's `trust proxy` takes it: `false` (no proxy: the socket's address is the
 * client), a number of proxy hops in front of the app (the client is the entry that many places
 * from the right of `X-Forwarded-For`), or the addresses and ranges of trusted proxies. `true`
 * trusts every hop, so the leftmost entry, which any client can write, becomes "its" IP.
 */
export type TrustProxy = boolean | number | readonly string[];

/** proxy-addr's named ranges, as express accepts them in a list. */
const RANGE_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);

/** True for an address, an address/prefix-length (CIDR) or an IPv4 address/netmask, as proxy-addr reads them. */
function isProxyAddress(entry: string): boolean {
  if (RANGE_NAMES.has(entry)) return true;
  const [address, range, ...rest] = entry.split('/');
  const family = isIP(address);
  if (!family || rest.length) return false;
  if (range === undefined) return true;
  if (/^\d{1,3}$/.test(range)) return Number(range) <= (family === 4 ? 32 : 128);
  return family === 4 && isIP(range) === 4;
}

/** What TRUST_PROXY says, or the problem to list at start. */
export type TrustProxyReading = { value: TrustProxy; problem?: undefined } | { value: false; problem: string };

/**
 * Reads TRUST_PROXY: unset, `false` or `0` trust nobody; `true` every hop; a whole number that many
 * hops; otherwise a comma-separated list of proxy addresses, CIDR ranges and express's names
 * (`loopback`, `linklocal`, `uniquelocal`), every entry checked so a typo fails the start.
 */
export function readTrustProxy(raw: string | undefined): TrustProxyReading {
  const text = (raw ?? '').trim();
  const lower = text.toLowerCase();
  if (lower === '' || lower === 'false') return { value: false };
  if (lower === 'true') return { value: true };
  if (/^\d+$/.test(text)) {
    const hops = Number(text);
    if (hops <= 100) return { value: hops === 0 ? false : hops };
  }
  const entries = text.split(',').map((e) => e.trim());
  const bad = entries.filter((e) => !isProxyAddress(e));
  if (!bad.length) return { value: Object.freeze(entries) };
  return {
    value: false,
    problem:
      'TRUST_PROXY must be true, false, the number of proxies in front of the app (e.g. 1) or a comma-separated ' +
      `list of proxy addresses, CIDR ranges, loopback, linklocal or uniquelocal (got "${raw}": ` +
      `${bad.map((b) => `"${b}"`).join(', ')} is not one)`,
  };
}

/** Says at start, in production, that `TRUST_PROXY=true` lets any client choose the IP its limits count. */
export function warnAboutTrustProxy(
  config: { isProduction: boolean; trustProxy: TrustProxy },
  logger: Pick<Logger, 'warn'>,
): void {
  if (!config.isProduction || config.trustProxy !== true) return;
  logger.warn(
    'TRUST_PROXY=true trusts every X-Forwarded-For hop, so clients can choose the IP that rate limits and the ' +
      'audit log see: set the number of proxies in front of the app (e.g. TRUST_PROXY=1) or their addresses',
  );
}
