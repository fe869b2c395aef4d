import { createScratchDatabase, type ScratchDatabase, startTestApp, type TestApp } from '../../test/harness';
import { PLAN_LIST_TTL_MS, PlanService } from './plan.service';

// The plan list is reused for a few seconds (it is read by every page and most API calls), and an
// operator's edit shows once that time has passed. Own database: this test adds a plan.

let db: ScratchDatabase;
let t: TestApp;
beforeAll(async () => {
  db = await createScratchDatabase();
  t = await startTestApp({}, { databaseUrl: db.url });
});
afterAll(async () => {
  await t.close();
  await db.drop();
});

it('reuses the list for PLAN_LIST_TTL_MS, then reads the edited plans', async () => {
  let now = 1_000_000;
  const plans = new PlanService(t.services.ds, () => now);
  const before = (await plans.list()).map((p) => p.name);
  await t.services.ds.query(
    `INSERT INTO plan (name, min_amount, max_amount, profit_percent, duration_hours, sort_order)
     VALUES ('Diamond', 100000, NULL, 80, 24, 99)`,
  );
  now += PLAN_LIST_TTL_MS - 1;
  expect((await plans.list()).map((p) => p.name)).toEqual(before);
  now += 1;
  expect((await plans.list()).map((p) => p.name)).toEqual([...before, 'Diamond']);
});
