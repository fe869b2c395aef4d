import { cutListener } from '../../test/live-test-client';
import { createScratchDatabase, startTestApp, type ScratchDatabase, type TestApp } from '../../test/harness';
import { queriesOf } from '../../test/statements';

// Issue 16: the plans are read on every public page and dashboard, so each instance keeps them in
// memory, but only while it hears the `plan` table's changes (trigger → NOTIFY → its LISTEN). Two
// instances on a database of this file's own, edited the way an operator would: plain SQL.

let db: ScratchDatabase;
let a: TestApp;
let b: TestApp;
beforeAll(async () => {
  db = await createScratchDatabase();
  a = await startTestApp({ SERVER_TIMING: 'true' }, { databaseUrl: db.url });
  b = await startTestApp({ SERVER_TIMING: 'true' }, { databaseUrl: db.url });
});
afterAll(async () => {
  await a?.close();
  await b?.close();
  await db?.drop();
});

/** Plan names an instance serves over REST. */
async function namesOn(t: TestApp): Promise<string[]> {
  const res = await t.http.get('/api/plans');
  expect(res.status).toBe(200);
  return res.body.data.map((p: { name: string }) => p.name);
}

/** Polls until `t` serves plans satisfying `ok` (NOTIFY delivery takes a moment); bounded. */
async function until(t: TestApp, ok: (names: string[]) => boolean): Promise<string[]> {
  const deadline = Date.now() + 4_000;
  for (;;) {
    const names = await namesOn(t);
    if (ok(names) || Date.now() > deadline) return names;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

describe('plans kept in memory while changes are heard', () => {
  it('serves the plans without a statement once read, over REST and GraphQL', async () => {
    await namesOn(a);
    const rest = await a.http.get('/api/plans');
    expect(rest.body.data.length).toBeGreaterThan(0);
    expect(queriesOf(rest.headers['server-timing'])).toBe(0);
    const gql = await a.gql('{ plans { id name } }');
    expect(gql.body.data.plans.map((p: { name: string }) => p.name)).toEqual(
      rest.body.data.map((p: { name: string }) => p.name),
    );
  });

  it("shows an operator's SQL edit on every instance, both having read the plans before", async () => {
    const before = await namesOn(a);
    expect(await namesOn(b)).toEqual(before);
    expect(before).toContain('Starter');

    await a.services.ds.query(`UPDATE plan SET name = 'Starter Plus' WHERE name = 'Starter'`);
    for (const t of [a, b]) expect(await until(t, (n) => n.includes('Starter Plus'))).toContain('Starter Plus');

    await b.services.ds.query(`UPDATE plan SET active = false WHERE name = 'Starter Plus'`);
    for (const t of [a, b]) expect(await until(t, (n) => !n.includes('Starter Plus'))).not.toContain('Starter Plus');

    await a.services.ds.query(`UPDATE plan SET name = 'Starter', active = true WHERE name = 'Starter Plus'`);
    for (const t of [a, b]) expect(await until(t, (n) => n.includes('Starter'))).toEqual(before);
  });

  it('reads again after its LISTEN connection was lost and came back, and hears edits after that', async () => {
    await namesOn(b);
    const version = b.services.plans.cache.version;
    expect(version).not.toBeNull();

    await cutListener(b.app.live.listener, a.services.ds);
    // Lost, then listening again: the copy from before the gap was dropped twice over.
    expect(b.services.plans.cache.version).toBe(version! + 2);

    await a.services.ds.query(`UPDATE plan SET name = 'Gold Reserve' WHERE name = 'Gold'`);
    expect(await until(b, (n) => n.includes('Gold Reserve'))).toContain('Gold Reserve');
    await a.services.ds.query(`UPDATE plan SET name = 'Gold' WHERE name = 'Gold Reserve'`);
    expect(await until(b, (n) => n.includes('Gold'))).toContain('Gold');
  });
});
