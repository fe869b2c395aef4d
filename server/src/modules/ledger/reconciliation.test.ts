import { randomUUID } from 'node:crypto';
import request from 'supertest';
import { JOB_SCHEMA } from '../../platform/jobs/queue';
import { periodicQueue } from '../../platform/jobs/scheduler';
import type { MailContent } from '../../platform/mail';
import { createScratchDatabase, type ScratchDatabase, startTestApp, type TestApp } from '../../test/harness';
import { sampleValue } from '../../test/prometheus-text';
import { UserType } from '../user/user.entity';
import { LEDGER_RECONCILE_SECONDS, LEDGER_RECONCILE_TASK } from './reconciliation';

// The scheduled ledger reconciliation (issue 37): every account's buckets against their ledger,
// the result on every instance's /metrics, the operators mailed once per newly broken bucket, and
// one run across instances. Own database: the check reads every account, and other files break
// buckets of their own on purpose.

const TOKEN = 'reconciliation-metrics-token-0123456789';
let db: ScratchDatabase;
/** Two instances of the app on one database. */
let a: TestApp;
let b: TestApp;
let admin: { user: { id: string; email: string } };
beforeAll(async () => {
  db = await createScratchDatabase();
  const options = { databaseUrl: db.url, tuning: { jobPollingIntervalSeconds: 0.5 } };
  [a, b] = await Promise.all([
    startTestApp({ METRICS_TOKEN: TOKEN }, options),
    startTestApp({ METRICS_TOKEN: TOKEN }, options),
  ]);
  admin = await a.createUser(UserType.ADMIN);
});
afterAll(async () => {
  await Promise.all([a.close(), b.close()]);
  await db.drop();
});

/** What /metrics of instance `t` says of the ledger. */
async function gauges(t: TestApp = a) {
  const text = (await request(t.app.app).get('/metrics').set('authorization', `Bearer ${TOKEN}`)).text;
  return {
    mismatches: sampleValue(text, 'cryptovest_ledger_mismatches'),
    reconciledAt: sampleValue(text, 'cryptovest_ledger_reconciled_timestamp_seconds'),
  };
}

/** The operator alerts queued so far (kind, recipient). */
async function alerts(): Promise<{ recipient: string }[]> {
  return a.services.ds.query(`SELECT recipient FROM mail_outbox WHERE kind = 'operator_alert' ORDER BY created_at`);
}

/** Breaks (or, with -1, mends) `column` of the investor's account behind the ledger's back. */
async function shift(userId: string, column: 'balance' | 'profit', by: 1 | -1): Promise<void> {
  await a.services.ds.query(`UPDATE account SET ${column} = ${column} + $2 WHERE user_id = $1`, [userId, by]);
}

/** The mails the instances' mailers were asked to send, as they were sent (rows keep no body once sent). */
const sent: { to: string; mail: MailContent }[] = [];
beforeAll(() => {
  for (const t of [a, b])
    jest.spyOn(t.services.mailer, 'send').mockImplementation(async (to, mail) => void sent.push({ to, mail }));
});

describe('the ledger reconciliation', () => {
  it('shows no result before its first run, then 0 mismatches and the time for a sound ledger, mailing nobody', async () => {
    expect(await gauges()).toEqual({ mismatches: NaN, reconciledAt: 0 }); // unknown, and "stale" fires until it runs
    const investor = await a.createUser();
    await a.fund(investor.user.id, '250');
    const run = await a.services.ledgerReconciliation.run();
    expect(run).toEqual({ mismatches: [], fresh: 0, mailedTo: [] });
    const now = Date.now() / 1000;
    // Both instances show the stored result, whichever ran it.
    for (const t of [a, b]) {
      const g = await gauges(t);
      expect(g.mismatches).toBe(0);
      expect(g.reconciledAt).toBeGreaterThan(now - 10);
      expect(g.reconciledAt).toBeLessThanOrEqual(now + 1);
    }
    expect(await alerts()).toEqual([]);
  });

  it('finds a corrupted bucket: gauge, error log line, one mail to the operators; the same problem is not mailed again; fixed, the gauge is 0', async () => {
    const investor = await a.createUser();
    const other = await a.createUser();
    const errors = jest.spyOn(a.services.logger, 'error');
    await shift(investor.user.id, 'balance', 1);

    const first = await a.services.ledgerReconciliation.run();
    expect(first.mismatches.map((m) => [m.userId, m.bucket, m.amount, m.ledger])).toEqual([
      [investor.user.id, 'balance', expect.stringMatching(/^1\.0+$/), '0'],
    ]);
    expect(first.mailedTo).toEqual([admin.user.email]);
    expect((await gauges()).mismatches).toBe(1);
    expect(errors).toHaveBeenCalledWith(
      expect.objectContaining({
        accountId: first.mismatches[0].accountId,
        bucket: 'balance',
        amount: first.mismatches[0].amount,
        ledger: '0',
      }),
      'ledger mismatch: bucket differs from its ledger entries',
    );
    expect(await alerts()).toEqual([{ recipient: admin.user.email }]);
    await a.services.background.idle(); // the outbox sends right after its commit
    const mail = sent.find((s) => s.to === admin.user.email)!.mail;
    expect(mail.subject).toContain('ledger mismatch in 1 account bucket');
    expect(mail.text).toContain(`account ${first.mismatches[0].accountId} (user ${investor.user.id}), balance`);

    // The same broken bucket at the next runs (on either instance): shown, logged, not mailed again.
    expect((await b.services.ledgerReconciliation.run()).mailedTo).toEqual([]);
    expect((await a.services.ledgerReconciliation.run()).mailedTo).toEqual([]);
    expect(await alerts()).toHaveLength(1);

    // Another bucket breaks: a new problem, mailed (listing both).
    await shift(other.user.id, 'profit', 1);
    const second = await b.services.ledgerReconciliation.run();
    expect(second).toMatchObject({ fresh: 1, mailedTo: [admin.user.email] });
    expect(second.mismatches).toHaveLength(2);
    expect(await alerts()).toHaveLength(2);
    expect((await gauges(a)).mismatches).toBe(2);
    expect((await gauges(b)).mismatches).toBe(2);

    // Mended: 0, nothing mailed; broken again later: mailed again.
    await shift(investor.user.id, 'balance', -1);
    await shift(other.user.id, 'profit', -1);
    const mended = await a.services.ledgerReconciliation.run();
    expect(mended).toEqual({ mismatches: [], fresh: 0, mailedTo: [] });
    expect((await gauges()).mismatches).toBe(0);
    await shift(investor.user.id, 'balance', 1);
    expect((await a.services.ledgerReconciliation.run()).mailedTo).toEqual([admin.user.email]);
    expect(await alerts()).toHaveLength(3);
    await shift(investor.user.id, 'balance', -1);
    expect((await a.services.ledgerReconciliation.run()).mismatches).toEqual([]);
    errors.mockRestore();
  });

  it('runs at most once at a time across two instances, and two runs at once mail once', async () => {
    // Both instances schedule the task; pg-boss keeps one timetable (every 15 minutes) for them.
    await Promise.all([a.services.scheduler.start(), b.services.scheduler.start()]);
    await Promise.all([a.services.scheduler.stop(), b.services.scheduler.stop()]);
    const schedules = await a.services.ds.query(`SELECT name, cron FROM ${JOB_SCHEMA}.schedule WHERE name = $1`, [
      periodicQueue(LEDGER_RECONCILE_TASK),
    ]);
    expect(LEDGER_RECONCILE_SECONDS).toBe(900);
    expect(schedules).toEqual([{ name: periodicQueue(LEDGER_RECONCILE_TASK), cron: '*/15 * * * *' }]);

    const investor = await a.createUser();
    await shift(investor.user.id, 'balance', 1);
    const before = (await alerts()).length;
    // Both instances' workers run; both send the period's run at once, as their cron monitors could.
    let running = 0;
    let most = 0;
    let runs = 0;
    for (const t of [a, b]) {
      const service = t.services.ledgerReconciliation;
      const real = service.run.bind(service);
      jest.spyOn(service, 'run').mockImplementation(async () => {
        running += 1;
        runs += 1;
        most = Math.max(most, running);
        try {
          return await real();
        } finally {
          running -= 1;
        }
      });
    }
    await Promise.all([a.services.queue.work(), b.services.queue.work()]);
    const retry = { retryLimit: 0, retryDelaySeconds: 1, retryBackoff: false };
    await Promise.all(
      [a, b].map((t) =>
        t.services.ds.transaction((m) =>
          t.services.queue.sendManyIn(m, periodicQueue(LEDGER_RECONCILE_TASK), [{ id: randomUUID(), data: {} }], retry),
        ),
      ),
    );
    const done = async () =>
      (
        await a.services.ds.query(
          `SELECT count(*) FILTER (WHERE state = 'completed')::int AS completed,
                  count(*) FILTER (WHERE state IN ('created', 'retry', 'active'))::int AS open
             FROM ${JOB_SCHEMA}.job WHERE name = $1`,
          [periodicQueue(LEDGER_RECONCILE_TASK)],
        )
      )[0] as { completed: number; open: number };
    const deadline = Date.now() + 20_000;
    while (!((await done()).completed >= 1 && (await done()).open === 0)) {
      if (Date.now() > deadline) throw new Error(`runs not finished: ${JSON.stringify(await done())}`);
      await new Promise((r) => setTimeout(r, 100));
    }
    expect(most).toBe(1);
    expect(runs).toBe((await done()).completed);
    expect(runs).toBeLessThanOrEqual(2);
    expect(await alerts()).toHaveLength(before + 1);

    // Two runs started by hand on both instances at the same moment: one mail for one new problem.
    const again = await a.createUser();
    await shift(again.user.id, 'profit', 1);
    const both = await Promise.all([a, b].map((t) => t.services.scheduler.runNow(LEDGER_RECONCILE_TASK)));
    expect(both).toEqual([true, true]);
    expect(await alerts()).toHaveLength(before + 2);
    await shift(investor.user.id, 'balance', -1);
    await shift(again.user.id, 'profit', -1);
  });
});
