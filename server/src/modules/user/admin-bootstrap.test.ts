import { User, UserType } from './user.entity';
import { startTestApp, TestApp } from '../../test/harness';
import { verifyPassword } from '../auth/password';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

describe('admin bootstrap', () => {
  it('creates the configured admin once, verified, and re-applies the configured password', async () => {
    const email = `boot-${Date.now()}@example.test`;
    const repo = t.services.ds.getRepository(User);
    expect(await t.services.users.ensureAdmin(email, 'first-password', t.services.logger)).toBeNull();
    expect(await t.services.users.ensureAdmin(email, 'first-password', t.services.logger)).toBeNull();
    const rows = await repo.find({ where: { email } });
    expect(rows).toHaveLength(1);
    expect(rows[0].type).toBe(UserType.ADMIN);
    expect(rows[0].emailVerifiedAt).not.toBeNull();
    expect(await verifyPassword(rows[0].passwordHash, 'first-password')).toBe(true);

    await t.services.users.ensureAdmin(email, 'second-password', t.services.logger);
    const after = await repo.findOneByOrFail({ email });
    expect(await verifyPassword(after.passwordHash, 'second-password')).toBe(true);
    expect(after.tokensValidAfter.getTime()).toBeGreaterThan(rows[0].tokensValidAfter.getTime());
  });

  it('promotes an existing investor named by ADMIN_EMAIL', async () => {
    const { user } = await t.createUser(UserType.INVESTOR);
    await t.services.users.ensureAdmin(user.email, 'promoted-password', t.services.logger);
    expect((await t.services.ds.getRepository(User).findOneByOrFail({ id: user.id })).type).toBe(UserType.ADMIN);
  });

  it('invents no admin when one already exists and none is configured', async () => {
    await t.createUser(UserType.ADMIN);
    expect(await t.services.users.ensureAdmin(null, null, t.services.logger)).toBeNull();
  });
});
