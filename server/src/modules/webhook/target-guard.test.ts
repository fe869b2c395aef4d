import type { LookupAddress } from 'node:dns';
import { guardedLookup, refusedAddress, refusedTarget, TargetRefusedError, webhookUrlProblem } from './target-guard';

// Issue 36: a webhook URL is chosen by a user and fetched by the server, so its target must never
// be the server's own network, however the address is written or whatever its name resolves to.

describe('refusedAddress', () => {
  it.each([
    ['127.0.0.1', 'a loopback address'],
    ['127.255.255.254', 'a loopback address'],
    ['::1', 'a loopback address'],
    ['0.0.0.0', 'an unspecified address'],
    ['::', 'an unspecified address'],
    ['10.1.2.3', 'a private address'],
    ['172.16.0.1', 'a private address'],
    ['172.31.255.255', 'a private address'],
    ['192.168.1.1', 'a private address'],
    ['fc00::1', 'a private address'],
    ['fd12:3456::1', 'a private address'],
    ['169.254.169.254', 'a link-local address'], // the cloud metadata service
    ['fe80::1', 'a link-local address'],
    ['[fe80::1]', 'a link-local address'],
    ['fe80::1%eth0', 'a link-local address'],
    ['100.64.0.1', 'a shared (CGNAT) address'],
    ['100.127.255.255', 'a shared (CGNAT) address'],
    ['224.0.0.1', 'a multicast address'],
    ['ff02::1', 'a multicast address'],
    ['255.255.255.255', 'a reserved address'],
    ['198.18.0.1', 'a reserved address'],
    ['192.0.2.10', 'a reserved address'],
    ['2001:db8::1', 'a reserved address'],
    ['64:ff9b::7f00:1', 'a reserved address'], // NAT64 of 127.0.0.1
    ['2002:7f00:1::1', 'a reserved address'], // 6to4 of 127.0.0.1
    ['::7f00:1', 'a reserved address'], // IPv4-compatible 127.0.0.1
    // IPv4-mapped IPv6 is checked as the IPv4 address it carries.
    ['::ffff:127.0.0.1', 'a loopback address'],
    ['::ffff:7f00:1', 'a loopback address'],
    ['::ffff:10.0.0.1', 'a private address'],
    ['::ffff:169.254.169.254', 'a link-local address'],
    ['::ffff:0.0.0.0', 'an unspecified address'],
    ['not-an-ip', 'not an IP address'],
  ])('refuses %s (%s)', (address, reason) => {
    expect(refusedAddress(address)).toBe(reason);
  });

  it.each([
    '93.184.216.34',
    '8.8.8.8',
    '1.1.1.1',
    '172.32.0.1',
    '100.128.0.1',
    '2606:4700:4700::1111',
    '::ffff:8.8.8.8',
  ])('allows the public address %s', (address) => {
    expect(refusedAddress(address)).toBeNull();
  });
});

describe('webhookUrlProblem', () => {
  const strict = { allowHttp: false };
  it('wants https, unless http is allowed', () => {
    expect(webhookUrlProblem('https://example.com/hook', strict)).toBeNull();
    expect(webhookUrlProblem('http://example.com/hook', strict)).toBe('url must start with https://');
    expect(webhookUrlProblem('http://example.com/hook', { allowHttp: true })).toBeNull();
    for (const other of ['ftp://example.com/', 'file:///etc/passwd', 'gopher://example.com/', 'javascript:alert(1)'])
      expect(webhookUrlProblem(other, { allowHttp: true })).toMatch(/must start with https/);
  });

  it('refuses credentials, non-URLs and very long URLs', () => {
    expect(webhookUrlProblem('https://user:pass@example.com/', strict)).toMatch(/user name or password/);
    expect(webhookUrlProblem('https://user@example.com/', strict)).toMatch(/user name or password/);
    expect(webhookUrlProblem('example.com/hook', strict)).toMatch(/full URL/);
    expect(webhookUrlProblem(`https://example.com/${'a'.repeat(2100)}`, strict)).toMatch(/at most 2048/);
  });
});

/** A resolver that answers from a table, as DNS would. */
const resolver =
  (table: Record<string, string[]>) =>
  async (host: string): Promise<LookupAddress[]> => {
    const addresses = table[host];
    if (!addresses) throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${host}`), { code: 'ENOTFOUND' });
    return addresses.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));
  };

describe('refusedTarget (at creation)', () => {
  const dns = resolver({
    'public.example': ['93.184.216.34'],
    'inside.example': ['10.0.0.7'],
    'both.example': ['93.184.216.34', '127.0.0.1'],
  });
  it('checks literals and every address a name resolves to', async () => {
    expect(await refusedTarget(new URL('https://public.example/x'), dns)).toBeNull();
    expect(await refusedTarget(new URL('https://8.8.8.8/x'), dns)).toBeNull();
    expect(await refusedTarget(new URL('https://127.0.0.1:8443/x'), dns)).toBe('127.0.0.1 is a loopback address');
    expect(await refusedTarget(new URL('https://[::ffff:127.0.0.1]/x'), dns)).toBe(
      '::ffff:7f00:1 is a loopback address',
    );
    expect(await refusedTarget(new URL('https://0x7f.1/x'), dns)).toBe('127.0.0.1 is a loopback address');
    expect(await refusedTarget(new URL('https://inside.example/x'), dns)).toBe(
      'inside.example resolves to 10.0.0.7, a private address',
    );
    expect(await refusedTarget(new URL('https://both.example/x'), dns)).toBe(
      'both.example resolves to 127.0.0.1, a loopback address',
    );
    expect(await refusedTarget(new URL('https://nowhere.example/x'), dns)).toBe(
      'nowhere.example could not be resolved',
    );
  });
});

describe('guardedLookup (at every connection)', () => {
  const lookupOf = (table: Record<string, string[]>, host: string, options: { all?: boolean; family?: number } = {}) =>
    new Promise<{ err: Error | null; address: unknown; family?: number }>((resolve) =>
      guardedLookup(resolver(table))(host, options as never, (err, address, family) =>
        resolve({ err, address, family }),
      ),
    );

  it('answers like dns.lookup for public names, one address or all of them', async () => {
    const table = { 'public.example': ['93.184.216.34', '2606:2800:220:1::1'] };
    expect(await lookupOf(table, 'public.example')).toEqual({ err: null, address: '93.184.216.34', family: 4 });
    expect(await lookupOf(table, 'public.example', { family: 6 })).toEqual({
      err: null,
      address: '2606:2800:220:1::1',
      family: 6,
    });
    expect((await lookupOf(table, 'public.example', { all: true })).address).toEqual([
      { address: '93.184.216.34', family: 4 },
      { address: '2606:2800:220:1::1', family: 6 },
    ]);
  });

  it('refuses the connection when any address is refused (DNS rebinding)', async () => {
    const { err } = await lookupOf({ 'rebound.example': ['93.184.216.34', '169.254.169.254'] }, 'rebound.example');
    expect(err).toBeInstanceOf(TargetRefusedError);
    expect(err?.message).toBe('rebound.example resolves to 169.254.169.254, a link-local address');
    expect((await lookupOf({}, 'gone.example')).err?.message).toMatch(/ENOTFOUND/);
  });
});
