import { startTestApp, TestApp } from '../../test/harness';
import type { User } from '../user/user.entity';

let t: TestApp;
let user: User;
beforeAll(async () => {
  t = await startTestApp();
  user = (await t.createUser()).user;
});
afterAll(() => t.close());

const now = () => Math.floor(Date.now() / 1000);

/** What a forger holding the signing key may vary: each time claim can be left out or moved. */
interface Forged {
  iat?: number | null;
  exp?: number | null;
  sub?: string | null;
}

/** Signs a token the way a holder of the HS256 key could; null leaves that claim out. */
async function sign({ iat = now(), exp = now() + 60 * 60, sub = user.id }: Forged): Promise<string> {
  const { SignJWT } = await import('jose');
  const jwt = new SignJWT({ role: user.type, tv: user.tokensValidAfter.getTime() })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setIssuer('cryptovest');
  if (iat !== null) jwt.setIssuedAt(iat);
  if (exp !== null) jwt.setExpirationTime(exp);
  if (sub !== null) jwt.setSubject(sub);
  return jwt.sign(new TextEncoder().encode(t.services.config.jwtSecret));
}

/** What the same token gets on REST and on GraphQL: status, and whom GraphQL says it is. */
async function statuses(token: string): Promise<{ rest: number; graphql: number; me: string | undefined }> {
  const rest = await t.http.get('/api/user').set('authorization', `Bearer ${token}`);
  const gql = await t.gql('{ me { id } }', undefined, token);
  return { rest: rest.status, graphql: gql.status, me: gql.body.data?.me?.id };
}

describe('session tokens must carry a bounded lifetime', () => {
  it.each<[string, Forged]>([
    ['without exp (never expires)', { exp: null }],
    ['without iat (lifetime unknown)', { iat: null }],
    ['with exp 30 days ahead (longer than the TTL)', { exp: now() + 30 * 24 * 60 * 60 }],
    ['with iat in the future (a valid-looking window that opens later)', { iat: now() + 86400, exp: now() + 90000 }],
    ['without sub', { sub: null }],
  ])('refuses a token %s on REST and GraphQL', async (_name, forged) => {
    expect(await statuses(await sign(forged))).toEqual({ rest: 401, graphql: 401, me: undefined });
  });

  it('accepts a well-formed token within the TTL, and one the service issued', async () => {
    expect(await statuses(await sign({}))).toEqual({ rest: 200, graphql: 200, me: user.id });
    expect(await statuses(await t.services.tokens.issue(user))).toEqual({ rest: 200, graphql: 200, me: user.id });
  });
});

describe('tokens kept after their signature was checked', () => {
  it('checks their time claims on every use: a kept token stops working once it expires', async () => {
    const token = await sign({ exp: now() + 120 });
    expect((await t.services.tokens.verify(token)).id).toBe(user.id); // checked, and kept
    const tenMinutesOn = Date.now() + 10 * 60 * 1000;
    const clock = jest.spyOn(Date, 'now').mockReturnValue(tenMinutesOn);
    try {
      await expect(t.services.tokens.verify(token)).rejects.toThrow('Invalid or expired token');
    } finally {
      clock.mockRestore();
    }
    expect((await t.services.tokens.verify(token)).id).toBe(user.id);
  });

  it('refuses the same header and payload under another signature', async () => {
    const token = await sign({});
    expect((await statuses(token)).rest).toBe(200);
    const [header, payload, signature] = token.split('.');
    const flipped = signature.startsWith('A') ? `B${signature.slice(1)}` : `A${signature.slice(1)}`;
    expect(await statuses(`${header}.${payload}.${flipped}`)).toEqual({ rest: 401, graphql: 401, me: undefined });
  });
});
