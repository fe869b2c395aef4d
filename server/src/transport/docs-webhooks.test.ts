import type { Server } from 'node:http';
import net, { type AddressInfo } from 'node:net';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { REPO_ROOT } from '../kernel/config';
import { Plan } from '../modules/plan/plan.entity';
import { UserType } from '../modules/user/user.entity';
import { docBlocks, startDocScript } from '../test/doc-blocks';
import { freePort } from '../test/spawn-server';
import { startTestApp, TEST_PASSWORD, type TestApp } from '../test/harness';

/**
 * Issue 36: docs/webhooks.md works as written: its bash block creates an endpoint (the secret
 * kept in the shell), its receiver.js verifies with `standardwebhooks` and prints the event that
 * a real deposit then causes.
 */
const GUIDE = path.join(REPO_ROOT, 'docs', 'webhooks.md');
const blocks = [...docBlocks(GUIDE, '## Create an endpoint'), ...docBlocks(GUIDE, '## Verify a delivery')];
const isSettings = (text: string) => text.includes('export CRYPTOVEST_URL=');

let t: TestApp;
let server: Server;
let url: string;
beforeAll(async () => {
  // The receiver listens on loopback over http: allowed here as on-premise operators would.
  t = await startTestApp({ WEBHOOK_ALLOW_HTTP: 'true', WEBHOOK_ALLOW_PRIVATE_TARGETS: 'true' });
  server = t.app.httpServer.listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
  await t.close();
});

/** Resolves once something accepts connections on `port`. */
async function listening(port: number, timeoutMs = 10_000): Promise<void> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const open = await new Promise<boolean>((resolve) => {
      const socket = net.connect(port, '127.0.0.1', () => resolve(true)).on('error', () => resolve(false));
      socket.once('connect', () => socket.end());
    });
    if (open) return;
    if (Date.now() > until) throw new Error(`nothing listens on ${port}`);
    await new Promise((resolve) => setImmediate(resolve));
  }
}

it('creates an endpoint with the bash block, and receiver.js verifies and prints the deposit it receives', async () => {
  const bash = blocks.filter((b) => b.lang === 'bash' && !isSettings(b.text)).map((b) => b.text);
  expect(blocks.filter((b) => b.lang === 'bash' && isSettings(b.text))).toHaveLength(1);
  expect(bash).toHaveLength(1);
  const { user, token } = await t.createUser(UserType.INVESTOR);
  const port = await freePort();
  const receiver = startDocScript(blocks, `${bash[0]}\nexec node receiver.js`, {
    CRYPTOVEST_URL: url,
    CRYPTOVEST_EMAIL: user.email,
    CRYPTOVEST_PASSWORD: TEST_PASSWORD,
    WEBHOOK_URL: `http://127.0.0.1:${port}/cryptovest`,
    PORT: String(port),
    NODE_PATH: path.join(REPO_ROOT, 'node_modules'), // where `npm install standardwebhooks` put it
  });
  try {
    await receiver.waitFor(/"secret": "whsec_/);
    await listening(port);
    const gold = await t.services.ds.getRepository(Plan).findOneByOrFail({ name: 'Gold' });
    const deposit = await t.http
      .post('/api/transaction/create')
      .set('authorization', `Bearer ${token}`)
      .send({ planId: gold.id, crypto: 'usdt', amount: '10000', transactionId: `0x${randomBytes(32).toString('hex')}` })
      .expect(201);
    await receiver.waitFor(new RegExp(`deposit\\.created ${deposit.body.data.id} PENDING`));
  } finally {
    await receiver.stop();
  }
});
