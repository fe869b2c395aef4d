import { runAdminCommand } from '../../scripts/admin-command';
import { createScratchDatabase, ScratchDatabase, startTestApp, TestApp, TEST_PASSWORD } from '../../test/harness';
import { totpCode } from '../../test/second-factor';
import { createLogger } from '../../kernel/logger';
import { hashPassword, verifyPassword } from '../identity/password';
import { User, UserType } from './user.entity';

// Administrators made at start and by the operator command (issue 33): ADMIN_PASSWORD is applied
// when the admin is created, never again unless the operator says so; production invents no admin.

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

const logger = createLogger('silent');
const repo = () => t.services.ds.getRepository(User);
const atStart = (
  email: string | null,
  password: string | null,
  more: { resetPassword?: boolean; inventFirst?: boolean } = {},
) => t.services.admins.ensureAtStart({ email, password, resetPassword: false, inventFirst: false, ...more }, logger);
const CONFIRM = `mutation ($code: String!, $enrolmentCode: String) {
  confirmTotpEnrolment(code: $code, enrolmentCode: $enrolmentCode) { session { token } } }`;

describe('the admin of ADMIN_EMAIL and ADMIN_PASSWORD', () => {
  it('is created once, verified, with that password', async () => {
    const email = `boot-${Date.now()}@example.test`;
    expect(await atStart(email, 'first-password')).toBeNull();
    expect(await atStart(email, 'first-password')).toBeNull();
    const rows = await repo().find({ where: { email } });
    expect(rows).toHaveLength(1);
    expect(rows[0].type).toBe(UserType.ADMIN);
    expect(rows[0].emailVerifiedAt).not.toBeNull();
    expect(await verifyPassword(rows[0].passwordHash, 'first-password')).toBe(true);
  });

  it('keeps a password changed since, and its sessions, at the next start; the operator flag applies it again', async () => {
    const email = `boot-kept-${Date.now()}@example.test`;
    await atStart(email, 'first-password');
    const admin = await repo().findOneByOrFail({ email });
    await t.services.ds.query(`UPDATE app_user SET password_hash = $2 WHERE id = $1`, [
      admin.id,
      await hashPassword('changed-in-the-ui'),
    ]);
    await atStart(email, 'first-password');
    const kept = await repo().findOneByOrFail({ email });
    expect(await verifyPassword(kept.passwordHash, 'changed-in-the-ui')).toBe(true);
    expect(kept.tokensValidAfter.getTime()).toBe(admin.tokensValidAfter.getTime());

    await atStart(email, 'first-password', { resetPassword: true });
    const reset = await repo().findOneByOrFail({ email });
    expect(await verifyPassword(reset.passwordHash, 'first-password')).toBe(true);
    expect(reset.tokensValidAfter.getTime()).toBeGreaterThan(admin.tokensValidAfter.getTime());
  });

  it('never promotes an investor who registered the address (nor takes over their password)', async () => {
    const { user } = await t.createUser(UserType.INVESTOR);
    await atStart(user.email, 'operator-password');
    const after = await repo().findOneByOrFail({ id: user.id });
    expect(after.type).toBe(UserType.INVESTOR);
    expect(await verifyPassword(after.passwordHash, TEST_PASSWORD)).toBe(true);
  });
});

describe('a first admin with nothing configured', () => {
  // A database of its own: this test needs one without any admin, which the shared one never is.
  let scratch: ScratchDatabase;
  let own: TestApp;
  beforeAll(async () => {
    scratch = await createScratchDatabase();
    own = await startTestApp({}, { databaseUrl: scratch.url });
  });
  afterAll(async () => {
    await own.close();
    await scratch.drop();
  });

  it('is invented only in development, with an enrolment code that sets up its first factor', async () => {
    const settings = { email: null, password: null, resetPassword: false };
    expect(await own.services.admins.ensureAtStart({ ...settings, inventFirst: false }, logger)).toBeNull();
    expect(await own.services.ds.getRepository(User).exists({ where: { type: UserType.ADMIN } })).toBe(false);
    const invented = await own.services.admins.ensureAtStart({ ...settings, inventFirst: true }, logger);
    expect(invented).toMatchObject({
      email: 'admin@cryptovest.local',
      code: expect.stringMatching(/^([a-z2-9]{4}-){3}[a-z2-9]{4}$/),
    });
    const login = await own.http.post('/api/user/login').send({ email: invented!.email, password: invented!.password });
    const bearer = { authorization: `Bearer ${login.body.data.token}` };
    const { secret } = (await own.http.post('/api/user/security/totp').set(bearer).send({})).body.data;
    const code = await totpCode(own.services.clock.now(), 0, secret);
    const confirmed = await own.http
      .post('/api/user/security/totp/confirm')
      .set(bearer)
      .send({ code, enrolmentCode: invented!.code });
    expect(confirmed.status).toBe(200);
    // Once an admin exists, nothing more is invented.
    expect(await own.services.admins.ensureAtStart({ ...settings, inventFirst: true }, logger)).toBeNull();
  });
});

describe('the operator command', () => {
  it('creates an admin and prints the password and enrolment code once; refuses an address in use', async () => {
    const email = `ops-${Date.now()}@example.test`;
    const made = await runAdminCommand(['create', '--email', email], t.services.admins);
    expect(made.status).toBe(0);
    const password = /password: +(\S+)/.exec(made.stdout)![1];
    const enrolmentCode = /enrolment code: +(\S+)/.exec(made.stdout)![1];
    const login = await t.http.post('/api/user/login').send({ email, password });
    expect(login.status).toBe(200);
    const bearer = { authorization: `Bearer ${login.body.data.token}` };
    const { secret } = (await t.http.post('/api/user/security/totp').set(bearer).send({})).body.data;
    const code = await totpCode(t.services.clock.now(), 0, secret);
    expect((await t.gql(CONFIRM, { code, enrolmentCode }, login.body.data.token)).body.errors).toBeUndefined();

    const again = await runAdminCommand(['create', '--email', email], t.services.admins);
    expect(again).toMatchObject({ status: 1, stderr: 'An account with this email already exists\n' });
    expect((await runAdminCommand(['create'], t.services.admins)).status).toBe(2);
  });

  it('resets a locked-out admin: factors gone, sessions ended, mailed, and a new enrolment code', async () => {
    const { user, token } = await t.createUser(UserType.ADMIN);
    expect((await t.http.get('/api/user/users').set('authorization', `Bearer ${token}`)).status).toBe(200);
    const reset = await runAdminCommand(['reset-second-factor', '--email', user.email], t.services.admins);
    expect(reset.status).toBe(0);
    expect(reset.stdout).toMatch(/Enrolment code for .+: ([a-z2-9]{4}-){3}[a-z2-9]{4}/);
    expect((await t.http.get('/api/user/users').set('authorization', `Bearer ${token}`)).status).toBe(401);
    const [{ n }] = await t.services.ds.query(
      `SELECT (SELECT count(*) FROM totp_factor WHERE user_id = $1) + (SELECT count(*) FROM recovery_code WHERE user_id = $1) AS n`,
      [user.id],
    );
    expect(Number(n)).toBe(0);
    const [{ mails, audits }] = await t.services.ds.query(
      `SELECT (SELECT count(*)::int FROM mail_outbox WHERE user_id = $1 AND kind = 'security_notice') AS mails,
              (SELECT count(*)::int FROM audit_event WHERE subject_id = $1::text AND action = 'admin.second_factor_reset') AS audits`,
      [user.id],
    );
    expect({ mails, audits }).toEqual({ mails: 1, audits: 1 });
    const investor = await t.createUser(UserType.INVESTOR);
    const refused = await runAdminCommand(['enrolment-code', '--email', investor.user.email], t.services.admins);
    expect(refused).toMatchObject({ status: 1, stderr: 'No administrator has this e-mail\n' });
  });
});
