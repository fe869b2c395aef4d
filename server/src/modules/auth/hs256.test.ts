import { createHmac, createSecretKey } from 'node:crypto';
import { type Hs256Rules, verifyHs256 } from './hs256';

/** The session token verifier against tokens jose signs, and forgeries of each kind. */

const SECRET = new TextEncoder().encode('hs256-test-secret-0123456789abcdefghijklmnopqrstuvwxyz');
const KEY = createSecretKey(SECRET);
const NOW = 1_800_000_000;
const RULES: Hs256Rules = {
  issuer: 'cryptovest',
  requiredClaims: ['exp', 'iat', 'sub'],
  maxTokenAgeSeconds: 3600,
  clockToleranceSeconds: 5,
  nowSeconds: NOW,
};

async function signed(claims: Record<string, unknown> = {}, header: Record<string, unknown> = {}) {
  const { SignJWT } = await import('jose'); // ESM-only
  return new SignJWT({ role: 'investor', ...claims })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT', ...header } as { alg: string })
    .setIssuer('cryptovest')
    .setSubject('user-1')
    .setIssuedAt(NOW - 60)
    .setExpirationTime(NOW + 3000)
    .sign(SECRET);
}

/** A token with exactly these segments, HMAC-signed with the key (what a key holder could make). */
function raw(header: object, payload: object, secret: Uint8Array = SECRET): string {
  const enc = (o: object) => Buffer.from(JSON.stringify(o)).toString('base64url');
  const body = `${enc(header)}.${enc(payload)}`;
  return `${body}.${createHmac('sha256', secret).update(body).digest('base64url')}`;
}
const good = { iss: 'cryptovest', sub: 'user-1', iat: NOW - 60, exp: NOW + 3000 };

it('accepts what jose signs with the key, with its claims', async () => {
  expect(verifyHs256(await signed({ tv: 42 }), KEY, RULES)).toMatchObject({ sub: 'user-1', tv: 42, role: 'investor' });
  expect(verifyHs256(raw({ alg: 'HS256' }, good), KEY, RULES)).toMatchObject({ sub: 'user-1' });
});

it.each([
  [
    'another key',
    () => raw({ alg: 'HS256' }, good, new TextEncoder().encode('another-secret-of-enough-length-000000')),
  ],
  ['alg none, no signature', () => `${raw({ alg: 'none' }, good).split('.').slice(0, 2).join('.')}.`],
  ['alg none with a signature', () => raw({ alg: 'none' }, good)],
  ['alg HS512', () => raw({ alg: 'HS512' }, good)],
  ['a crit extension', () => raw({ alg: 'HS256', crit: ['exp'] }, good)],
  ['a key id (unexpected header)', () => raw({ alg: 'HS256', kid: 'x' }, good)],
  ['another typ', () => raw({ alg: 'HS256', typ: 'at+jwt' }, good)],
  ['another issuer', () => raw({ alg: 'HS256' }, { ...good, iss: 'someone' })],
  ['no exp', () => raw({ alg: 'HS256' }, { ...good, exp: undefined })],
  ['no iat', () => raw({ alg: 'HS256' }, { ...good, iat: undefined })],
  ['no sub', () => raw({ alg: 'HS256' }, { ...good, sub: undefined })],
  ['an empty sub', () => raw({ alg: 'HS256' }, { ...good, sub: '' })],
  ['exp passed beyond the tolerance', () => raw({ alg: 'HS256' }, { ...good, exp: NOW - 5 })],
  ['exp as text', () => raw({ alg: 'HS256' }, { ...good, exp: String(NOW + 100) })],
  ['nbf ahead beyond the tolerance', () => raw({ alg: 'HS256' }, { ...good, nbf: NOW + 6 })],
  ['iat ahead beyond the tolerance', () => raw({ alg: 'HS256' }, { ...good, iat: NOW + 6 })],
  ['iat older than the maximum age', () => raw({ alg: 'HS256' }, { ...good, iat: NOW - 3606 })],
  ['a payload that is not an object', () => raw({ alg: 'HS256' }, [good])],
  ['four segments', () => `${raw({ alg: 'HS256' }, good)}.x`],
  ['a padded signature', () => `${raw({ alg: 'HS256' }, good)}=`],
  ['garbage', () => 'not.a.token'],
])('refuses a token with %s', async (_name, make) => {
  expect(verifyHs256(await make(), KEY, RULES)).toBeNull();
});

it('refuses any change to a signed token: payload, header or signature', async () => {
  const token = await signed();
  const [h, p, s] = token.split('.');
  const payload = JSON.parse(Buffer.from(p, 'base64url').toString());
  const changed = Buffer.from(JSON.stringify({ ...payload, sub: 'admin' })).toString('base64url');
  expect(verifyHs256(`${h}.${changed}.${s}`, KEY, RULES)).toBeNull();
  const flipped = s.slice(0, -2) + (s.at(-2) === 'A' ? 'B' : 'A') + s.at(-1);
  expect(verifyHs256(`${h}.${p}.${flipped}`, KEY, RULES)).toBeNull();
});

it('allows the clock tolerance at each edge, and no more', () => {
  const at = (claims: object) => verifyHs256(raw({ alg: 'HS256' }, { ...good, ...claims }), KEY, RULES);
  expect(at({ exp: NOW - 4 })).not.toBeNull();
  expect(at({ iat: NOW + 5 })).not.toBeNull();
  expect(at({ iat: NOW - 3605 })).not.toBeNull();
  expect(at({ nbf: NOW + 5 })).not.toBeNull();
});
