import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { REPO_ROOT } from '../kernel/config';
import request from 'supertest';
import { MAIL_DELIVER_JOB } from '../platform/mail';
import {
  createScratchDatabase,
  type ScratchDatabase,
  startTestApp,
  TEST_PASSWORD,
  type TestApp,
} from '../test/harness';
import { ManualClock } from '../test/manual-clock';
import { allSamples, sampleValue } from '../test/prometheus-text';
import { totpCode } from '../test/second-factor';
import { confirmedDeposit, PAST_TERM_SECONDS } from '../test/settlement-fixtures';
import { UserType } from '../modules/user/user.entity';

// What an operator's dashboards and alerts read beyond requests (issue 37): readiness as /readyz
// decides it, each job queue, matured deposits nobody paid, the security counters, the build. Own
// database: these gauges read whole tables, so no other file's rows may count.

const TOKEN = 'operations-metrics-token-0123456789';
let db: ScratchDatabase;
let t: TestApp;
const clock = new ManualClock();
beforeAll(async () => {
  db = await createScratchDatabase();
  t = await startTestApp(
    { METRICS_TOKEN: TOKEN, RATE_LIMIT_LOGIN_FAILURES: '2', OTP_MAX_FAILURES_PER_ACCOUNT_IP: '1' },
    { clock, databaseUrl: db.url },
  );
});
afterAll(async () => {
  await t.close();
  await db.drop();
});

const scrape = async () => {
  const res = await request(t.app.app).get('/metrics').set('authorization', `Bearer ${TOKEN}`);
  expect(res.status).toBe(200);
  return res.text;
};

describe('readiness on /metrics', () => {
  it('shows what /readyz decides, from the same checks: ready, degraded by storage, draining', async () => {
    let text = await scrape();
    expect(sampleValue(text, 'cryptovest_ready')).toBe(1);
    expect(sampleValue(text, 'cryptovest_readiness_check_up', { check: 'database' })).toBe(1);
    expect(sampleValue(text, 'cryptovest_readiness_check_up', { check: 'storage' })).toBe(1);

    // The storage check the probe runs fails: /readyz says degraded (still 200), the gauges say the same.
    const check = jest.spyOn(t.services.uploads, 'checkStorage').mockRejectedValue(new Error('EROFS'));
    try {
      const ready = await t.http.get('/readyz');
      expect(ready.body).toEqual({ status: 'degraded', checks: { database: 'ok', storage: 'failing' } });
      text = await scrape();
      expect(sampleValue(text, 'cryptovest_ready')).toBe(1);
      expect(sampleValue(text, 'cryptovest_readiness_check_up', { check: 'storage' })).toBe(0);
      expect(sampleValue(text, 'cryptovest_readiness_check_up', { check: 'database' })).toBe(1);
    } finally {
      check.mockRestore();
    }
    expect(sampleValue(await scrape(), 'cryptovest_readiness_check_up', { check: 'storage' })).toBe(1);
  });
});

describe('job queues on /metrics', () => {
  it('shows each queue: due jobs waiting, jobs waiting for a later start, with the wait of the oldest due one', async () => {
    const ids = [randomUUID(), randomUUID()];
    // No workers run in this test app: jobs stay where they are put.
    await t.services.ds.transaction(async (m) => {
      const retry = { retryLimit: 0, retryDelaySeconds: 1, retryBackoff: false };
      await t.services.queue.sendIn(m, MAIL_DELIVER_JOB, { id: ids[0] }, retry);
      await t.services.queue.sendIn(m, MAIL_DELIVER_JOB, { id: ids[1] }, { ...retry, startAfterSeconds: 3600 });
    });
    await t.services.ds.query(
      `UPDATE pgboss.job SET start_after = now() - interval '90 seconds' WHERE name = $1 AND data->>'id' = $2`,
      [MAIL_DELIVER_JOB, ids[0]],
    );
    const text = await scrape();
    const of = (name: string, queue: string) => sampleValue(text, `cryptovest_jobs_${name}`, { queue });
    expect(of('queued', MAIL_DELIVER_JOB)).toBe(1);
    expect(of('deferred', MAIL_DELIVER_JOB)).toBe(1);
    expect(of('active', MAIL_DELIVER_JOB)).toBe(0);
    expect(of('failed', MAIL_DELIVER_JOB)).toBe(0);
    expect(of('oldest_queued_seconds', MAIL_DELIVER_JOB)).toBeGreaterThanOrEqual(90);
    expect(of('oldest_queued_seconds', MAIL_DELIVER_JOB)).toBeLessThan(120);
    // Every queue this process defined has its series, 0 when idle; only those (the label set is bounded).
    const queues = new Set(
      allSamples(text)
        .filter((s) => s.name === 'cryptovest_jobs_queued')
        .map((s) => s.labels.queue),
    );
    expect([...queues]).toEqual(
      expect.arrayContaining(['settlement.settle', 'periodic.ledger.reconcile', MAIL_DELIVER_JOB]),
    );
    expect(of('queued', 'periodic.ledger.reconcile')).toBe(0);
    expect(of('oldest_queued_seconds', 'periodic.ledger.reconcile')).toBe(0);
    expect(sampleValue(text, 'cryptovest_metrics_source_up', { source: 'jobs' })).toBe(1);
  });
});

describe('settlement backlog on /metrics', () => {
  it('counts matured deposits nobody settled, and how long the oldest has waited; settling clears them', async () => {
    const admin = await t.createUser(UserType.ADMIN);
    const investor = await t.createUser();
    await confirmedDeposit(t.services, admin.user.id, investor.user.id, 'Starter', '1000');
    let text = await scrape();
    expect(sampleValue(text, 'cryptovest_settlement_matured_unsettled', { state: 'pending' })).toBe(0); // not matured yet

    clock.advanceSeconds(PAST_TERM_SECONDS + 600); // ten minutes past maturity, no sweep ran
    text = await scrape();
    const pending = { state: 'pending' };
    expect(sampleValue(text, 'cryptovest_settlement_matured_unsettled', pending)).toBe(1);
    const oldest = sampleValue(text, 'cryptovest_settlement_matured_unsettled_oldest_seconds', pending)!;
    expect(oldest).toBeGreaterThanOrEqual(600);
    expect(oldest).toBeLessThan(700);
    expect(sampleValue(text, 'cryptovest_settlement_matured_unsettled', { state: 'due' })).toBe(0);
    expect(sampleValue(text, 'cryptovest_settlement_matured_unsettled', { state: 'held' })).toBe(0);

    expect((await t.services.settlement.settleDue()).settled).toBe(1);
    text = await scrape();
    expect(sampleValue(text, 'cryptovest_settlement_matured_unsettled', pending)).toBe(0);
    expect(sampleValue(text, 'cryptovest_settlement_matured_unsettled_oldest_seconds', pending)).toBe(0);
  });
});

describe('security counters on /metrics', () => {
  it('counts wrong passwords, e-mail codes and second factors, the lockouts and the refusals by budget; no user in any label', async () => {
    const meta = { ip: '203.0.113.7' };
    const before = await scrape();
    const delta = (text: string, name: string, labels: Record<string, string>) =>
      (sampleValue(text, name, labels) ?? 0) - (sampleValue(before, name, labels) ?? 0);
    // Every factor and every budget is there from the start, at 0.
    expect(sampleValue(before, 'cryptovest_login_failures_total', { factor: 'second_factor' })).toBe(0);
    expect(sampleValue(before, 'cryptovest_lockouts_total', { factor: 'email_code' })).toBe(0);
    expect(sampleValue(before, 'cryptovest_rate_limit_refusals_total', { limit: 'pw_acct_ip' })).toBe(0);

    const investor = await t.createUser();
    const email = investor.user.email;
    // RATE_LIMIT_LOGIN_FAILURES=2: two wrong passwords, then the third try is refused before any check.
    for (let i = 0; i < 2; i++)
      await expect(t.services.auth.signIn({ email, password: 'wrong-password-1' }, meta)).rejects.toMatchObject({
        code: 'INVALID_CREDENTIALS',
      });
    await expect(t.services.auth.signIn({ email, password: TEST_PASSWORD }, meta)).rejects.toMatchObject({
      code: 'RATE_LIMITED',
    });
    // A wrong e-mail code (OTP_MAX_FAILURES_PER_ACCOUNT_IP=1), then the next refused.
    for (let i = 0; i < 2; i++)
      await t.services.auth
        .verifyEmail({ email, otp: '0'.repeat(t.services.config.otpLength) }, meta)
        .catch(() => undefined);
    // A wrong authenticator code at an admin's second step.
    const admin = await t.createUser(UserType.ADMIN);
    const started = await t.services.auth.signIn({ email: admin.user.email, password: TEST_PASSWORD }, meta);
    const right = await totpCode(clock.now());
    const wrong = right === '123456' ? '654321' : '123456';
    await expect(
      t.services.secondFactorSignIn.signInWithCode(started.secondFactor!.ticket, wrong, meta),
    ).rejects.toMatchObject({ code: 'VALIDATION' });

    const text = await scrape();
    expect(delta(text, 'cryptovest_login_failures_total', { factor: 'password' })).toBe(2);
    expect(delta(text, 'cryptovest_login_failures_total', { factor: 'email_code' })).toBe(1);
    expect(delta(text, 'cryptovest_login_failures_total', { factor: 'second_factor' })).toBe(1);
    expect(delta(text, 'cryptovest_lockouts_total', { factor: 'password' })).toBe(1);
    expect(delta(text, 'cryptovest_lockouts_total', { factor: 'email_code' })).toBe(1);
    expect(delta(text, 'cryptovest_rate_limit_refusals_total', { limit: 'pw_acct_ip' })).toBe(1);
    expect(delta(text, 'cryptovest_rate_limit_refusals_total', { limit: 'otp_fail_ip' })).toBe(1);
    for (const leak of [email, admin.user.email, investor.user.id, meta.ip]) expect(text).not.toContain(leak);
  });

  it('does not count the code a sign-in of an unverified account skips as a refusal', async () => {
    const before = await scrape();
    const unverified = await t.createUser(UserType.INVESTOR, { emailVerifiedAt: null });
    for (let i = 0; i < 2; i++)
      await expect(
        t.services.auth.signIn({ email: unverified.user.email, password: TEST_PASSWORD }, { ip: '198.51.100.9' }),
      ).rejects.toMatchObject({ code: 'EMAIL_NOT_VERIFIED' });
    const after = await scrape();
    const resend = { limit: 'otp_resend' };
    expect(sampleValue(after, 'cryptovest_rate_limit_refusals_total', resend)).toBe(
      sampleValue(before, 'cryptovest_rate_limit_refusals_total', resend),
    );
  });
});

describe('build info', () => {
  it('serves GET /version publicly, uncached, and the same on /metrics as cryptovest_build_info', async () => {
    const res = await request(t.app.app).get('/version');
    expect(res.status).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    const { version, revision, node } = res.body;
    expect(res.body).toEqual({
      version: JSON.parse(readFileSync(path.join(REPO_ROOT, 'package.json'), 'utf8')).version,
      revision: 'unknown',
      node: process.version,
    });
    expect(sampleValue(await scrape(), 'cryptovest_build_info', { version, revision, node })).toBe(1);
  });

  it('reports the release the image states (CRYPTOVEST_VERSION, CRYPTOVEST_REVISION) when it states one', async () => {
    const image = await startTestApp(
      { CRYPTOVEST_VERSION: '1.0.0-rc.2', CRYPTOVEST_REVISION: '4838150abc' },
      { databaseUrl: db.url },
    );
    try {
      const res = await request(image.app.app).get('/version');
      expect(res.body).toEqual({ version: '1.0.0-rc.2', revision: '4838150abc', node: process.version });
    } finally {
      await image.close();
    }
  });
});

describe('draining', () => {
  it('shows the instance not ready while it drains (run last: the app stays draining)', async () => {
    t.app.setDraining();
    expect((await t.http.get('/readyz')).status).toBe(503);
    const text = await scrape();
    expect(sampleValue(text, 'cryptovest_ready')).toBe(0);
    expect(sampleValue(text, 'cryptovest_readiness_check_up', { check: 'database' })).toBe(1);
  });
});
