import { loadConfig } from '../../kernel/config';
import { createScratchDatabase, type ScratchDatabase, startTestApp, type TestApp } from '../../test/harness';
import { testConfig } from '../../test/test-config';
import { UserType } from '../../modules/user/user.entity';
import { confirmedDeposit } from '../../test/settlement-fixtures';

// The test-only clock of the browser tests: POST /api/test/clock exists only with NODE_ENV=test
// and TEST_CLOCK_CONTROL=true, moves the server's clock and runs the settlement sweep.

let db: ScratchDatabase;
let controlled: TestApp;
let plain: TestApp;
beforeAll(async () => {
  db = await createScratchDatabase();
  controlled = await startTestApp({ TEST_CLOCK_CONTROL: 'true' }, { databaseUrl: db.url });
  plain = await startTestApp({}, { databaseUrl: db.url });
});
afterAll(async () => {
  await plain.close();
  await controlled.close();
  await db.drop();
});

describe('test clock', () => {
  it('is 404 unless enabled, and never enabled outside NODE_ENV=test; production refuses it', async () => {
    const res = await plain.http.post('/api/test/clock').send({ advanceSeconds: 90_000 });
    expect(res.status).toBe(404);
    expect(plain.services.testClock).toBeNull();
    const base = { JWT_SECRET: 'x'.repeat(40), DATABASE_URL: db.url };
    expect(loadConfig({ ...base, NODE_ENV: 'development', TEST_CLOCK_CONTROL: 'true' }).testClockControl).toBe(false);
    expect(() =>
      loadConfig({
        ...base,
        NODE_ENV: 'production',
        TEST_CLOCK_CONTROL: 'true',
        WALLETS_FILE: 'config/wallets.example.json',
        SMTP_URL: 'smtp://localhost:2525',
        PUBLIC_URL: 'https://example.test',
      }),
    ).toThrow(/TEST_CLOCK_CONTROL must not be set in production/);
    expect(testConfig(db.url, { TEST_CLOCK_CONTROL: 'true' }).testClockControl).toBe(true);
    expect(() => testConfig(db.url, { SETTLEMENT_MODE: 'sometimes' })).toThrow(/SETTLEMENT_MODE must be/);
  });

  it('moves the clock forward and settles what matured, answering the new time', async () => {
    const admin = await controlled.createUser(UserType.ADMIN);
    const investor = await controlled.createUser();
    const id = await confirmedDeposit(controlled.services, admin.user.id, investor.user.id, 'Starter', '1000');
    const before = Date.now();
    const res = await controlled.http.post('/api/test/clock').send({ advanceSeconds: 24 * 3600 + 60 });
    expect(res.status).toBe(200);
    expect(new Date(res.body.data.now).getTime()).toBeGreaterThanOrEqual(before + (24 * 3600 + 60) * 1000);
    expect(res.body.data.settled).toBe(1);
    const [row] = await controlled.services.ds.query(`SELECT settlement_state FROM "transaction" WHERE id = $1`, [id]);
    expect(row.settlement_state).toBe('SETTLED');
    for (const body of [{}, { advanceSeconds: -1 }, { advanceSeconds: '60' }]) {
      expect((await controlled.http.post('/api/test/clock').send(body)).status).toBe(422);
    }
  });
});
