import { createHmac } from 'node:crypto';
import { AppError, ErrorCode } from '../../kernel/errors';
import { startTestApp, TestApp } from '../../test/harness';
import type { User } from '../user/user.entity';

// Session tokens as a forger holding the HS256 key (or only a token) could shape them, through
// the real app: what jose refuses, what the service's own rules (header, exp - iat, sub) refuse.

let t: TestApp;
let user: User;
let secret: Uint8Array;
let ttl: number;
beforeAll(async () => {
  t = await startTestApp();
  user = (await t.createUser()).user;
  secret = new TextEncoder().encode(t.services.config.jwtSecret);
  ttl = t.services.config.jwtTtlMinutes * 60;
});
afterAll(() => t.close());

const now = () => Math.floor(Date.now() / 1000);
const REFUSED = 'Invalid or expired token';

/** The claims of a good session token for `user`, issued a minute ago; `changes` override them. */
function claims(changes: Record<string, unknown> = {}): Record<string, unknown> {
  const iat = now() - 60;
  return {
    role: user.type,
    tv: user.tokensValidAfter.getTime(),
    iss: 'cryptovest',
    sub: user.id,
    iat,
    exp: iat + ttl,
    ...changes,
  };
}

/** A token with exactly these segments, HMAC-SHA256-signed: anything a holder of the key could make. */
function raw(header: object, payload: object, key: Uint8Array = secret): string {
  const enc = (o: object) => Buffer.from(JSON.stringify(o)).toString('base64url');
  const body = `${enc(header)}.${enc(payload)}`;
  return `${body}.${createHmac('sha256', key).update(body).digest('base64url')}`;
}

/** A good token's claims signed by jose under another algorithm, with the key given. */
async function signedAs(alg: string, key: Uint8Array | CryptoKey): Promise<string> {
  const { SignJWT } = await import('jose'); // ESM-only
  return new SignJWT(claims()).setProtectedHeader({ alg, typ: 'JWT' }).sign(key);
}

let rsa: Promise<CryptoKeyPair> | undefined;
/** An RSA key pair for the RS256 forgery, made once. */
async function rsaKey(): Promise<CryptoKeyPair> {
  const { generateKeyPair } = await import('jose');
  return (rsa ??= generateKeyPair('RS256'));
}

/** What the same token gets on REST and on GraphQL: status, error, and whom GraphQL says it is. */
async function answers(token: string) {
  const rest = await t.http.get('/api/user').set('authorization', `Bearer ${token}`);
  const gql = await t.gql('{ me { id } }', undefined, token);
  return {
    rest: [rest.status, rest.body.errors?.[0]?.error],
    graphql: [gql.status, gql.body.errors?.[0]?.extensions?.code],
    me: gql.body.data?.me?.id,
  };
}
const refused = { rest: [401, REFUSED], graphql: [401, 'UNAUTHENTICATED'], me: undefined };

/** verify() with the service's clock at `seconds`: the caller's id, or the error it answered. */
async function verifyAt(seconds: number, token: string): Promise<string> {
  const clock = jest.spyOn(Date, 'now').mockReturnValue(seconds * 1000);
  try {
    return (await t.services.tokens.verify(token)).id;
  } catch (error) {
    if (!(error instanceof AppError) || error.code !== ErrorCode.UNAUTHENTICATED) throw error;
    return error.message;
  } finally {
    clock.mockRestore();
  }
}

describe('session tokens', () => {
  it('accepts a well-formed token (with or without typ), and one the service issued', async () => {
    const ok = { rest: [200, undefined], graphql: [200, undefined], me: user.id };
    expect(await answers(raw({ alg: 'HS256', typ: 'JWT' }, claims()))).toEqual(ok);
    expect(await answers(raw({ alg: 'HS256' }, claims()))).toEqual(ok);
    expect(await answers(await t.services.tokens.issue(user))).toEqual(ok);
  });

  it.each<[string, () => string | Promise<string>]>([
    [
      'another key',
      () => raw({ alg: 'HS256' }, claims(), new TextEncoder().encode('another-secret-of-enough-length-000')),
    ],
    ['alg none, no signature', () => `${raw({ alg: 'none' }, claims()).split('.').slice(0, 2).join('.')}.`],
    ['alg none with a signature', () => raw({ alg: 'none' }, claims())],
    ['alg HS512, signed with the key', () => signedAs('HS512', secret)],
    ['alg HS384, signed with the key', () => signedAs('HS384', secret)],
    ['alg RS256, signed with an RSA key', async () => signedAs('RS256', (await rsaKey()).privateKey)],
    ['alg RS256 over an HMAC of the key (algorithm confusion)', () => raw({ alg: 'RS256' }, claims())],
    ['a crit extension', () => raw({ alg: 'HS256', crit: ['exp'] }, claims())],
    ['a key id (an unexpected header field)', () => raw({ alg: 'HS256', kid: 'x' }, claims())],
    ['a jku header field', () => raw({ alg: 'HS256', jku: 'https://evil.example/jwks' }, claims())],
    ['another typ', () => raw({ alg: 'HS256', typ: 'at+jwt' }, claims())],
    ['another issuer', () => raw({ alg: 'HS256' }, claims({ iss: 'someone' }))],
    ['no issuer', () => raw({ alg: 'HS256' }, claims({ iss: undefined }))],
    ['no exp (never expires)', () => raw({ alg: 'HS256' }, claims({ exp: undefined }))],
    ['no iat (lifetime unknown)', () => raw({ alg: 'HS256' }, claims({ iat: undefined }))],
    ['no sub', () => raw({ alg: 'HS256' }, claims({ sub: undefined }))],
    ['an empty sub', () => raw({ alg: 'HS256' }, claims({ sub: '' }))],
    ['a numeric sub', () => raw({ alg: 'HS256' }, claims({ sub: 7 }))],
    ['exp as text', () => raw({ alg: 'HS256' }, claims({ exp: String(now() + 100) }))],
    ['exp 30 days ahead (longer than the TTL)', () => raw({ alg: 'HS256' }, claims({ exp: now() + 30 * 86400 }))],
    // exp - iat is exactly the TTL: only the rule that iat may not lie ahead refuses it.
    [
      'iat in the future (a window that opens later)',
      () => raw({ alg: 'HS256' }, claims({ iat: now() + 86400, exp: now() + 86400 + ttl })),
    ],
    ['a payload that is not an object', () => raw({ alg: 'HS256' }, [claims()])],
    ['four segments', () => `${raw({ alg: 'HS256' }, claims())}.x`],
    ['garbage', () => 'not.a.token'],
  ])('refuses a token with %s on REST and GraphQL, as UNAUTHENTICATED', async (_name, make) => {
    expect(await answers(await make())).toEqual(refused);
  });

  it('refuses any change to a signed token: payload or signature', async () => {
    const token = await t.services.tokens.issue(user);
    const [header, payload, signature] = token.split('.');
    const other = Buffer.from(JSON.stringify({ ...claims(), sub: (await t.createUser()).user.id })).toString(
      'base64url',
    );
    expect(await answers(`${header}.${other}.${signature}`)).toEqual(refused);
    const flipped = signature.slice(0, -2) + (signature.at(-2) === 'A' ? 'B' : 'A') + signature.at(-1);
    expect(await answers(`${header}.${payload}.${flipped}`)).toEqual(refused);
  });
});

describe('time claims, at the edges of the 5 s clock tolerance and the TTL', () => {
  const at = (changes: Record<string, unknown>) => raw({ alg: 'HS256' }, claims(changes));

  it('allows exp, iat and nbf up to 5 s off, and no more', async () => {
    const NOW = now();
    // fast-jwt's tolerance is inclusive: exactly 5 s past exp still passes, 6 s does not.
    expect(await verifyAt(NOW, at({ iat: NOW - 60, exp: NOW - 5 }))).toBe(user.id);
    expect(await verifyAt(NOW, at({ iat: NOW - 60, exp: NOW - 6 }))).toBe(REFUSED);
    expect(await verifyAt(NOW, at({ iat: NOW + 5, exp: NOW + 60 }))).toBe(user.id);
    expect(await verifyAt(NOW, at({ iat: NOW + 6, exp: NOW + 60 }))).toBe(REFUSED);
    expect(await verifyAt(NOW, at({ iat: NOW - 60, nbf: NOW + 5 }))).toBe(user.id);
    expect(await verifyAt(NOW, at({ iat: NOW - 60, nbf: NOW + 6 }))).toBe(REFUSED);
  });

  it('allows exp - iat of the TTL, and not a second more', async () => {
    const NOW = now();
    expect(await verifyAt(NOW, at({ iat: NOW - 60, exp: NOW - 60 + ttl }))).toBe(user.id);
    expect(await verifyAt(NOW, at({ iat: NOW - 60, exp: NOW - 60 + ttl + 1 }))).toBe(REFUSED);
  });

  it('checks them on every use: a token that worked stops working once it expires', async () => {
    const token = await t.services.tokens.issue(user);
    expect(await verifyAt(now(), token)).toBe(user.id);
    // Kept in the verifier's cache, its time claims are checked again at every use.
    expect(await verifyAt(now() + ttl + 6, token)).toBe(REFUSED);
  });
});
