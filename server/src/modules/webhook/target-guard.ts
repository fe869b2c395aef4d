import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import { BlockList, isIP, type LookupFunction } from 'node:net';

/**
 * Server-side request forgery guard of webhook deliveries (issue 36). A webhook URL is chosen by a
 * user and fetched by the server, so its target must not be the server's own network: loopback,
 * private and link-local ranges (169.254.169.254 is the cloud metadata service), shared CGNAT
 * space, unspecified, multicast, documentation and other special-purpose ranges, and those same
 * addresses written as IPv4-mapped IPv6 (BlockList maps `::ffff:a.b.c.d` onto the IPv4 rules).
 * Checked at creation and at every connection (a name may resolve elsewhere by then: DNS rebinding).
 */

/** Ranges refused as targets, each with the words an error uses for it; the first match names the reason. */
const REFUSED_RANGES: readonly [reason: string, cidrs: readonly string[]][] = [
  ['an unspecified address', ['0.0.0.0/8', '::/128']],
  ['a loopback address', ['127.0.0.0/8', '::1/128']],
  ['a private address', ['10.0.0.0/8', '172.16.0.0/12', '192.168.0.0/16', 'fc00::/7']],
  ['a link-local address', ['169.254.0.0/16', 'fe80::/10']],
  ['a shared (CGNAT) address', ['100.64.0.0/10']],
  ['a multicast address', ['224.0.0.0/4', 'ff00::/8']],
  [
    'a reserved address',
    [
      '192.0.0.0/24', // IETF protocol assignments
      '192.0.2.0/24', // documentation
      '192.88.99.0/24', // 6to4 relays
      '198.18.0.0/15', // benchmarking
      '198.51.100.0/24', // documentation
      '203.0.113.0/24', // documentation
      '240.0.0.0/4', // reserved, and the broadcast address
      '::/96', // IPv4-compatible (deprecated)
      '::ffff:0:0:0/96', // IPv4-translated
      '64:ff9b::/96', // NAT64: may translate to any IPv4 address, private ones too
      '64:ff9b:1::/48', // local NAT64
      '100::/64', // discard
      '2001::/23', // IETF special purpose (Teredo, benchmarking, ORCHID)
      '2001:db8::/32', // documentation
      '2002::/16', // 6to4: embeds any IPv4 address
      'fec0::/10', // site-local (deprecated)
    ],
  ],
];

const RULES = REFUSED_RANGES.map(([reason, cidrs]) => {
  const list = new BlockList();
  for (const cidr of cidrs) {
    const [network, prefix] = cidr.split('/');
    list.addSubnet(network, Number(prefix), isIP(network) === 6 ? 'ipv6' : 'ipv4');
  }
  return { reason, list };
});

/** Why `address` (an IP literal) may not be a webhook target, e.g. "a loopback address"; null when it may. */
export function refusedAddress(address: string): string | null {
  const ip = address.replace(/^\[|\]$/g, '').replace(/%.*$/, '');
  const family = isIP(ip);
  if (!family) return 'not an IP address';
  return RULES.find((r) => r.list.check(ip, family === 6 ? 'ipv6' : 'ipv4'))?.reason ?? null;
}

/** The error a refused target raises at connection time (its message names the address and the reason). */
export class TargetRefusedError extends Error {
  readonly code = 'WEBHOOK_TARGET_REFUSED';
  constructor(host: string, address: string, reason: string) {
    super(host === address ? `${address} is ${reason}` : `${host} resolves to ${address}, ${reason}`);
    this.name = 'TargetRefusedError';
  }
}

/** The host of `url` when it is an IP literal (Node connects to those without a lookup), else null. */
export function ipLiteralHost(url: URL): string | null {
  const host = url.hostname.replace(/^\[|\]$/g, '');
  return isIP(host) ? host : null;
}

/** Resolves every address of `host`, as `dns.lookup` with `all: true` does. */
export type ResolveAll = (host: string) => Promise<LookupAddress[]>;

/** `dns.lookup` with every address: what the OS resolver (hosts file included) gives the connection. */
export const resolveAllWith =
  (lookup: typeof dnsLookup = dnsLookup): ResolveAll =>
  (host) =>
    new Promise((resolve, reject) =>
      lookup(host, { all: true }, (err, addresses) => (err ? reject(err) : resolve(addresses))),
    );

/**
 * A `lookup` for `http.request` that resolves every address of the host and refuses the
 * connection when any is refused (so a name that also points inside is never half-trusted).
 * Node calls it for each connection it opens, so the check holds even if the name's answers change.
 * `check: false` (WEBHOOK_ALLOW_PRIVATE_TARGETS) resolves the same way without refusing.
 */
export function guardedLookup(resolveAll: ResolveAll, { check = true }: { check?: boolean } = {}): LookupFunction {
  return (hostname, options, callback) => {
    resolveAll(hostname).then(
      (addresses) => {
        const bad = check && addresses.map((a) => ({ a, reason: refusedAddress(a.address) })).find((x) => x.reason);
        if (bad) return callback(new TargetRefusedError(hostname, bad.a.address, bad.reason!), '', 0);
        const family = options.family === 4 || options.family === 6 ? options.family : 0;
        const usable = family ? addresses.filter((a) => a.family === family) : addresses;
        if (!usable.length)
          return callback(Object.assign(new Error(`${hostname} has no usable address`), { code: 'ENOTFOUND' }), '', 0);
        if (options.all) return (callback as unknown as (e: null, a: LookupAddress[]) => void)(null, usable);
        callback(null, usable[0].address, usable[0].family);
      },
      (err: NodeJS.ErrnoException) => callback(err, '', 0),
    );
  };
}

/**
 * Why the target of `url` is refused right now (its literal address, or any address its name
 * resolves to), or null. For creation and URL changes: a clear field error before anything is sent.
 */
export async function refusedTarget(url: URL, resolveAll: ResolveAll): Promise<string | null> {
  const literal = ipLiteralHost(url);
  if (literal) {
    const reason = refusedAddress(literal);
    return reason && new TargetRefusedError(literal, literal, reason).message;
  }
  let addresses: LookupAddress[];
  try {
    addresses = await resolveAll(url.hostname);
  } catch {
    return `${url.hostname} could not be resolved`;
  }
  for (const { address } of addresses) {
    const reason = refusedAddress(address);
    if (reason) return new TargetRefusedError(url.hostname, address, reason).message;
  }
  return addresses.length ? null : `${url.hostname} could not be resolved`;
}

/** Longest webhook URL accepted. */
export const WEBHOOK_URL_MAX = 2048;

/**
 * Why `raw` cannot be a webhook URL by its form alone, or null: it must parse, be https (http only
 * with WEBHOOK_ALLOW_HTTP), carry no user name or password (they would be sent to whoever answers),
 * and name a host.
 */
export function webhookUrlProblem(raw: string, { allowHttp }: { allowHttp: boolean }): string | null {
  if (raw.length > WEBHOOK_URL_MAX) return `url must be at most ${WEBHOOK_URL_MAX} characters`;
  if (!URL.canParse(raw)) return 'url must be a full URL, e.g. https://example.com/webhooks';
  const url = new URL(raw);
  if (url.protocol !== 'https:' && !(allowHttp && url.protocol === 'http:'))
    return allowHttp ? 'url must start with https:// or http://' : 'url must start with https://';
  if (url.username || url.password) return 'url must not contain a user name or password';
  if (!url.hostname) return 'url must name a host';
  return null;
}
