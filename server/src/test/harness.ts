import 'reflect-metadata';
import { randomBytes } from 'node:crypto';
import request from 'supertest';
import type TestAgent from 'supertest/lib/agent';
import { App, createApp } from '../composition/app';
import type { Clock } from '../kernel/clock';
import { createDataSource } from '../composition/data-source';
import { createLogger } from '../kernel/logger';
import { Account } from '../modules/account/account.entity';
import { LedgerReason } from '../modules/ledger/ledger-entry.entity';
import { applyLedger } from '../modules/ledger/apply-ledger';
import { User, UserType } from '../modules/user/user.entity';
import { createServices, Services, type ServiceTuning } from '../composition/services';
import { prepareTestDatabase } from './prepare-database';
import { enrolTestAuthenticator } from './second-factor';
import { testConfig } from './test-config';
import { freshDatabaseOn, type FreshDatabase } from './test-database';

/** A pre-computed argon2id hash of "password123" so factories don't pay hashing per user. */
export const TEST_PASSWORD = 'password123';
const TEST_PASSWORD_HASH =
  '$argon2id$v=19$m=19456,t=2,p=1$dGVzdHNhbHR0ZXN0c2FsdA$JUARRYmTDnb5MxEDrThqtHuvEwZy7dcfNb1Zy6+BoM8';

/** The real HTTP app over the run's test database, plus factories. */
export interface TestApp {
  app: App;
  services: Services;
  http: TestAgent;
  /**
   * Creates a verified user (with an account for investors) and a session token. Admins get an
   * authenticator (TEST_TOTP_SECRET) and a session proven with it, unless `secondFactor: false`
   * (an admin who must still enrol).
   */
  createUser(
    type?: UserType,
    fields?: Partial<User>,
    options?: { secondFactor?: boolean },
  ): Promise<{ user: User; token: string }>;
  gql(query: string, variables?: Record<string, unknown>, token?: string): request.Test;
  /** Credits `amount` to the investor's balance through the ledger, as an admin adjustment would. */
  fund(userId: string, amount: string): Promise<void>;
  close(): Promise<void>;
}

/**
 * Starts the app as production does (same createApp), against the database made by global setup
 * (or `databaseUrl`: a fault test's own server). Pass a ManualClock to move time instead of waiting.
 */
export async function startTestApp(
  overrides: Record<string, string> = {},
  options: { clock?: Clock; databaseUrl?: string; tuning?: ServiceTuning } = {},
): Promise<TestApp> {
  const url = options.databaseUrl ?? process.env.CRYPTOVEST_TEST_DB_URL;
  if (!url) throw new Error('global setup did not provide CRYPTOVEST_TEST_DB_URL');
  const config = testConfig(url, overrides);
  const logger = createLogger(config.logLevel);
  const ds = createDataSource(url, logger, config.database);
  await ds.initialize();
  const services = createServices(config, ds, logger, options.clock, options.tuning);
  // pg-boss's schema and queues, as every process ensures at start (no workers: tests that need
  // them call services.queue.work()). A database that is down now is tolerated: enqueueing retries.
  await services.queue.start().catch(() => undefined);
  const app = await createApp(services);
  const http = request.agent(app.app);

  return {
    app,
    services,
    http,
    async createUser(type = UserType.INVESTOR, fields = {}, options = {}) {
      const email = `${type}-${randomBytes(5).toString('hex')}@example.test`;
      const user = await ds.getRepository(User).save(
        ds.getRepository(User).create({
          fullName: 'Test Person',
          email,
          country: 'GB',
          passwordHash: TEST_PASSWORD_HASH,
          type,
          emailVerifiedAt: new Date(),
          ...fields,
        }),
      );
      const fresh = await ds.getRepository(User).findOneByOrFail({ id: user.id });
      if (type === UserType.INVESTOR) await ds.getRepository(Account).insert({ userId: user.id });
      const secondFactor = options.secondFactor ?? type === UserType.ADMIN;
      if (secondFactor) await enrolTestAuthenticator(services, user.id);
      return { user: fresh, token: await services.tokens.issue(fresh, secondFactor) };
    },
    async fund(userId, amount) {
      await ds.transaction(async (m) => {
        const account = await m.getRepository(Account).findOneByOrFail({ userId });
        await applyLedger(m, account.id, [{ bucket: 'balance', delta: amount }], {
          reason: LedgerReason.ADMIN_ADJUSTMENT,
          note: 'test funding',
        });
      });
    },
    gql(query, variables, token) {
      const req = http.post('/graphql').set('content-type', 'application/json');
      if (token) req.set('authorization', `Bearer ${token}`);
      return req.send({ query, variables });
    },
    async close() {
      await services.background.idle();
      await app.apollo.stop();
      await services.queue.stop();
      await services.uploads.blobs.close();
      await ds.destroy();
    },
  };
}

/** A database of one test file's own: created on the run's server, migrated; `drop()` removes it. */
export type ScratchDatabase = FreshDatabase;

/** The URL of the run's database server (made by global setup). */
function runDatabaseUrl(): string {
  const url = process.env.CRYPTOVEST_TEST_DB_URL;
  if (!url) throw new Error('global setup did not provide CRYPTOVEST_TEST_DB_URL');
  return url;
}

/**
 * A fresh, migrated and seeded database beside the run's shared one, for tests that run background workers
 * (pg-boss): their workers then see only that file's jobs and rows, never another file's.
 */
export async function createScratchDatabase(): Promise<ScratchDatabase> {
  const db = await freshDatabaseOn(runDatabaseUrl(), 'cryptovest_scratch');
  await prepareTestDatabase(db.url);
  return db;
}
