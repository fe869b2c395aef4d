import { createHmac } from 'node:crypto';
import { Webhook } from 'standardwebhooks';
import { resealColumn } from '../db/reseal';
import { sealingKeyId, seal } from '../kernel/secret-box';
import { OtpService } from '../modules/auth/otp.service';
import { jwtKeyId } from '../modules/identity/token.service';
import { EndpointSecrets } from '../modules/webhook/endpoint-secrets';
import { UserType, type User } from '../modules/user';
import { SEALED_COLUMNS } from '../scripts/totp-rekey';
import {
  createScratchDatabase,
  startTestApp,
  TEST_PASSWORD,
  type ScratchDatabase,
  type TestApp,
} from '../test/harness';
import { ManualClock } from '../test/manual-clock';
import { enrolTestAuthenticator, totpCode } from '../test/second-factor';

// Rotating JWT_SECRET, TOTP_ENCRYPTION_KEY and METRICS_TOKEN without an outage (docs/operations.md,
// "Rotating secrets"): instances configured as each step of the procedure configures them, over one
// scratch database (the re-seal pass rewrites every sealed secret in it).

const S1 = 'rotation-jwt-secret-one-0123456789abcdef';
const S2 = 'rotation-jwt-secret-two-0123456789abcdef';
const K1 = 'a1'.repeat(32);
const K2 = 'b2'.repeat(32);
const METRICS_A = 'metrics-token-a-0123456789';
const METRICS_B = 'metrics-token-b-0123456789';

const clock = new ManualClock();
let db: ScratchDatabase;
/** Before the rotation: S1 and K1 only. */
let before: TestApp;
/** Step 1 (every instance learns the new secret first): signs with S1, also verifies S2. */
let learning: TestApp;
/** Step 2 (the new secret signs): S2 and K2, S1 and K1 still verify and open. */
let overlap: TestApp;
/** Step 3 (after the overlap): S2 and K2 only. */
let after: TestApp;

beforeAll(async () => {
  db = await createScratchDatabase();
  const at = (env: Record<string, string>) => startTestApp(env, { databaseUrl: db.url, clock });
  before = await at({
    JWT_SECRET: S1,
    TOTP_ENCRYPTION_KEY: K1,
    METRICS_TOKEN: METRICS_A,
    WEBHOOK_ALLOW_HTTP: 'true',
    WEBHOOK_ALLOW_PRIVATE_TARGETS: 'true',
  });
  learning = await at({ JWT_SECRET: S1, JWT_SECRETS_PREVIOUS: S2, TOTP_ENCRYPTION_KEY: K1 });
  overlap = await at({
    JWT_SECRET: S2,
    JWT_SECRETS_PREVIOUS: S1,
    TOTP_ENCRYPTION_KEY: K2,
    TOTP_ENCRYPTION_KEYS_PREVIOUS: K1,
    METRICS_TOKEN: `${METRICS_B},${METRICS_A}`,
  });
  after = await at({ JWT_SECRET: S2, TOTP_ENCRYPTION_KEY: K2, METRICS_TOKEN: METRICS_B });
});
afterAll(async () => {
  for (const app of [before, learning, overlap, after]) await app?.close();
  await db?.drop();
});

/** A token's decoded header. */
const header = (token: string) => JSON.parse(Buffer.from(token.split('.')[0], 'base64url').toString()) as object;

/** The status GET /api/user answers `app` for `token`. */
const statusOf = async (app: TestApp, token: string) =>
  (await app.http.get('/api/user').set('authorization', `Bearer ${token}`)).status;

describe('rotating JWT_SECRET', () => {
  it('accepts a token signed with the previous secret during the overlap and refuses it after', async () => {
    const { user } = await before.createUser();
    const oldToken = await before.services.tokens.issue(user);
    // Outside a rotation the header is what releases before 1.0.0 accept (they refuse any other field).
    expect(header(oldToken)).toEqual({ alg: 'HS256', typ: 'JWT' });
    expect(await statusOf(before, oldToken)).toBe(200);
    expect(await statusOf(overlap, oldToken)).toBe(200);
    expect(await statusOf(after, oldToken)).toBe(401);
    // New sessions during the overlap are signed with the new secret, which every step past 1 accepts.
    const newToken = await overlap.services.tokens.issue(user);
    expect(header(newToken)).toEqual({ alg: 'HS256', typ: 'JWT', kid: jwtKeyId(S2) });
    expect(await statusOf(after, newToken)).toBe(200);
    expect(await statusOf(before, newToken)).toBe(401);
  });

  it('lets both sides of a rolling restart accept each other once every instance has learnt the new secret', async () => {
    const { user } = await before.createUser();
    const fromLearning = await learning.services.tokens.issue(user);
    const fromOverlap = await overlap.services.tokens.issue(user);
    expect(await statusOf(learning, fromOverlap)).toBe(200);
    expect(await statusOf(overlap, fromLearning)).toBe(200);
    // Skipping step 1 is what signs people out: an instance that never learnt S2 refuses its tokens.
    expect(await statusOf(before, fromOverlap)).toBe(401);
  });

  it('refuses a previous-secret token past its lifetime, and a key id of no configured secret', async () => {
    const { user } = await before.createUser();
    const ttl = overlap.services.config.jwtTtlMinutes * 60;
    const sign = (secret: string, kid: string, iat: number) => {
      const enc = (o: object) => Buffer.from(JSON.stringify(o)).toString('base64url');
      const body = `${enc({ alg: 'HS256', typ: 'JWT', kid })}.${enc({
        role: user.type,
        tv: user.tokensValidAfter.getTime(),
        iss: 'cryptovest',
        sub: user.id,
        iat,
        exp: iat + ttl,
      })}`;
      return `${body}.${createHmac('sha256', secret).update(body).digest('base64url')}`;
    };
    const now = Math.floor(Date.now() / 1000);
    expect(await statusOf(overlap, sign(S1, jwtKeyId(S1), now - 60))).toBe(200);
    expect(await statusOf(overlap, sign(S1, jwtKeyId(S1), now - ttl - 60))).toBe(401);
    expect(await statusOf(overlap, sign(S1, 'retired1', now - 60))).toBe(401);
    // A key id must pick the secret that signed: S1's signature under S2's id is refused.
    expect(await statusOf(overlap, sign(S1, jwtKeyId(S2), now - 60))).toBe(401);
  });

  it('keeps an e-mail code issued before the rotation usable during the overlap', async () => {
    const { user } = await before.createUser();
    // Wired as services.ts wires it: JWT_SECRET hashes new codes, every configured secret checks them.
    const otp = ({ services: { ds, config } }: TestApp) =>
      new OtpService(ds, [config.jwtSecret, ...config.jwtSecretsPrevious], config.otpLength, clock);
    const code = await otp(before).issue(user.id, 'reset_password');
    await expect(otp(after).consume(user.id, 'reset_password', code)).rejects.toThrow();
    await expect(otp(overlap).consume(user.id, 'reset_password', code)).resolves.toBeUndefined();
  });
});

const SIGN_IN = `mutation ($email: String!, $password: String!) {
  signIn(email: $email, password: $password) { session { token } secondFactor { ticket } } }`;
const WITH_CODE = `mutation ($ticket: String!, $code: String!) { signInWithCode(ticket: $ticket, code: $code) { token } }`;

/** Signs `user` in on `app` with password and authenticator code; the session token, or the error message. */
async function signInWithAuthenticator(app: TestApp, user: User): Promise<{ token?: string; error?: string }> {
  clock.advanceSeconds(30); // each code step is accepted once
  const ticket = (await app.gql(SIGN_IN, { email: user.email, password: TEST_PASSWORD })).body.data.signIn.secondFactor
    .ticket as string;
  const res = await app.gql(WITH_CODE, { ticket, code: await totpCode(clock.now()) });
  return res.body.errors ? { error: res.body.errors[0].message } : { token: res.body.data.signInWithCode.token };
}

describe('rotating TOTP_ENCRYPTION_KEY with npm run totp:rekey', () => {
  it('keeps every authenticator and webhook secret working: opened with the previous key, then re-sealed', async () => {
    const users = await Promise.all(
      [0, 1, 2].map(() => before.createUser(UserType.INVESTOR, {}, { secondFactor: false })),
    );
    for (const { user } of users) await enrolTestAuthenticator(before.services, user.id);
    // One secret still in the format before key ids (v1: no key id), as older releases wrote it.
    const legacy = users[2].user;
    await before.services.ds.query(`UPDATE totp_factor SET secret_enc = $2 WHERE user_id = $1`, [
      legacy.id,
      legacyV1(K1, 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP', legacy.id),
    ]);
    const created = await before.gql(
      `mutation ($input: CreateWebhookEndpointInput!) { createWebhookEndpoint(input: $input) { endpoint { id } secret } }`,
      { input: { url: 'http://127.0.0.1:9/in', events: ['deposit.confirmed'] } },
      users[0].token,
    );
    const endpoint = created.body.data?.createWebhookEndpoint;
    expect(endpoint?.secret).toMatch(/^whsec_/);

    // Before the pass: the overlap opens K1's secrets; an instance with K2 alone cannot.
    expect((await signInWithAuthenticator(overlap, users[0].user)).token).toBeDefined();
    expect((await signInWithAuthenticator(after, users[1].user)).error).toBeDefined();

    const counts = [];
    for (const column of SEALED_COLUMNS)
      counts.push(await resealColumn(overlap.services.ds, overlap.services.config.sealingKeys, column));
    expect(counts.find((c) => c.column === 'totp_factor.secret_enc')).toMatchObject({ resealed: 3 });
    expect(counts.find((c) => c.column === 'webhook_endpoint.secret_sealed')).toMatchObject({ resealed: 1 });
    const sealed: { secret_enc: string }[] = await overlap.services.ds.query(`SELECT secret_enc FROM totp_factor`);
    expect(sealed.map((r) => r.secret_enc.split('.').slice(0, 2).join('.'))).toEqual(
      sealed.map(() => `v2.${sealingKeyId(Buffer.from(K2, 'hex'))}`),
    );

    // After the pass the previous key can go: every authenticator works with K2 alone.
    for (const { user } of users) expect(await signInWithAuthenticator(after, user)).toHaveProperty('token');
    const [row] = await after.services.ds.query(
      `SELECT id::text AS "endpointId", secret_sealed AS "secretSealed", previous_secret_sealed AS "previousSecretSealed",
              previous_secret_expires_at AS "previousSecretExpiresAt" FROM webhook_endpoint WHERE id = $1`,
      [endpoint.endpoint.id],
    );
    const headers = new EndpointSecrets(after.services.config.sealingKeys).headers(row, 'msg_1', new Date(), '{}');
    expect(() => new Webhook(endpoint.secret).verify('{}', headers)).not.toThrow();

    // A second pass finds nothing left to do.
    const again = [];
    for (const column of SEALED_COLUMNS)
      again.push(await resealColumn(after.services.ds, after.services.config.sealingKeys, column));
    expect(again.map((c) => c.resealed)).toEqual(again.map(() => 0));
  });

  it('changes nothing and says so when a secret opens with no configured key', async () => {
    const { user } = await before.createUser(UserType.INVESTOR, {}, { secondFactor: false });
    await before.services.ds.query(
      `INSERT INTO totp_factor (user_id, secret_enc, confirmed_at) VALUES ($1, $2, now())`,
      [user.id, seal(Buffer.alloc(32, 0x77), 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP', user.id)],
    );
    await expect(resealColumn(after.services.ds, after.services.config.sealingKeys, SEALED_COLUMNS[0])).rejects.toThrow(
      /not configured/,
    );
    await after.services.ds.query(`DELETE FROM totp_factor WHERE user_id = $1`, [user.id]);
  });
});

describe('several METRICS_TOKEN values', () => {
  it('accepts each listed token and no other', async () => {
    const scrape = (token: string) => overlap.http.get('/metrics').set('authorization', `Bearer ${token}`);
    expect((await scrape(METRICS_A)).status).toBe(200);
    expect((await scrape(METRICS_B)).status).toBe(200);
    expect((await scrape('metrics-token-c-0123456789')).status).toBe(404);
    expect((await after.http.get('/metrics').set('authorization', `Bearer ${METRICS_A}`)).status).toBe(404);
  });
});

/** A secret sealed the way releases before key ids did: `v1.iv.tag.ciphertext`, no key id. */
function legacyV1(hexKey: string, plaintext: string, context: string): string {
  const v2 = seal(Buffer.from(hexKey, 'hex'), plaintext, context).split('.');
  return ['v1', ...v2.slice(2)].join('.');
}
