import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { REPO_ROOT } from '../kernel/config';
import { Plan } from '../modules/plan/plan.entity';
import { UserType } from '../modules/user/user.entity';
import { docBlocks, runDocScript } from '../test/doc-blocks';
import { startTestApp, TEST_PASSWORD, type TestApp } from '../test/harness';
import { totpCode } from '../test/second-factor';

/**
 * Issue 36: docs/graphql.md's integrator quick start works as written from a clean terminal:
 * its blocks run in bash against a real server, for an investor (session → key → calls → paging)
 * and for an administrator (password, then the authenticator code).
 */
const blocks = docBlocks(path.join(REPO_ROOT, 'docs', 'graphql.md'), '## Integrator quick start');
/** The block that sets the reader's own values; the test sets them instead. */
const isSettings = (text: string) => text.includes('export CRYPTOVEST_URL=');
const bash = blocks.filter((b) => b.lang === 'bash' && !isSettings(b.text)).map((b) => b.text);

let t: TestApp;
let server: Server;
let url: string;
beforeAll(async () => {
  t = await startTestApp();
  server = t.app.httpServer.listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
  await t.close();
});

it('has the blocks the test expects (settings, sign-in, key, call, paging script)', () => {
  expect(blocks.filter((b) => b.lang === 'bash' && isSettings(b.text))).toHaveLength(1);
  expect(bash).toHaveLength(3);
  expect(blocks.filter((b) => b.lang === 'js')).toHaveLength(1);
});

it('an investor signs in, makes a key, calls with it and pages through every transaction', async () => {
  const { user, token } = await t.createUser(UserType.INVESTOR);
  const gold = await t.services.ds.getRepository(Plan).findOneByOrFail({ name: 'Gold' });
  for (let i = 0; i < 3; i++)
    await t.http
      .post('/api/transaction/create')
      .set('authorization', `Bearer ${token}`)
      .send({ planId: gold.id, crypto: 'usdt', amount: '10000', transactionId: `0x${randomBytes(32).toString('hex')}` })
      .expect(201);
  const run = await runDocScript(blocks, [...bash, 'node transactions.mjs'].join('\n'), {
    CRYPTOVEST_URL: url,
    CRYPTOVEST_EMAIL: user.email,
    CRYPTOVEST_PASSWORD: TEST_PASSWORD,
  });
  expect(run.stdout).toContain('signed in: ');
  expect(run.stdout).toContain(JSON.stringify({ data: { me: { email: user.email } } }));
  expect(run.stdout.trim().split('\n').pop()).toBe('3 transactions');
});

it('an administrator signs in with password and authenticator code, as the first block shows', async () => {
  const { user } = await t.createUser(UserType.ADMIN);
  const run = await runDocScript(blocks, `${bash[0]}\necho "TOKEN=$TOKEN"`, {
    CRYPTOVEST_URL: url,
    CRYPTOVEST_EMAIL: user.email,
    CRYPTOVEST_PASSWORD: TEST_PASSWORD,
    CRYPTOVEST_CODE: await totpCode(new Date()),
  });
  const adminToken = run.stdout.match(/^TOKEN=(.+)$/m)?.[1];
  expect(adminToken).toBeTruthy();
  const users = await t.gql('{ users(page: 1, pageSize: 1) { total } }', {}, adminToken);
  expect(users.body.errors).toBeUndefined();
});
