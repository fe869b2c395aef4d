import type { DataSource } from 'typeorm';
import { createDataSource } from '../../composition/data-source';
import { Settlement1764806400000 } from '../../composition/migrations/1764806400000-Settlement';
import { OverviewTotals1766124060000 } from '../../composition/migrations/1766124060000-OverviewTotals';
import { createScratchDatabase, type ScratchDatabase } from '../../test/harness';

// Deploying settlement over existing data: deposits made before it get their plan's term and
// principal rule; confirmed ones get their term from the confirmation; those already past it wait
// for an admin (DUE) instead of being paid by the first sweep.

let db: ScratchDatabase;
let ds: DataSource;
beforeAll(async () => {
  db = await createScratchDatabase();
  ds = createDataSource(db.url);
  await ds.initialize();
});
afterAll(async () => {
  await ds.destroy();
  await db.drop();
});

describe('the settlement migration', () => {
  it('gives existing deposits a term and queues those already past it', async () => {
    const runner = ds.createQueryRunner();
    const migration = new Settlement1764806400000();
    try {
      // The database as it was before this release: a later migration's triggers read the columns
      // this one adds (the overview's totals read confirmed_at and matures_at), so it goes first.
      await new OverviewTotals1766124060000().down(runner);
      await migration.down(runner);
      const [user] = await ds.query(
        `INSERT INTO app_user (full_name, email, password_hash, country, type) VALUES ('Old Investor', 'old@example.test', 'x', 'GB', 'investor') RETURNING id`,
      );
      const [plan] = await ds.query(`SELECT id FROM plan WHERE name = 'Gold'`);
      const insert = async (type: string, status: string, hoursAgo: number) => {
        const [row] = await ds.query(
          `INSERT INTO "transaction" (user_id, trx_type, status, amount, crypto, plan_id, plan_name, profit_percent, created_at, updated_at)
           VALUES ($1, $2, $3, 12000, 'bitcoin', $4, 'Gold', 50, now() - make_interval(hours => $5 + 1), now() - make_interval(hours => $5))
           RETURNING id`,
          [user.id, type, status, type === 'DEPOSIT' ? plan.id : null, hoursAgo],
        );
        return row.id as string;
      };
      const old = await insert('DEPOSIT', 'CONFIRMED', 30);
      const recent = await insert('DEPOSIT', 'CONFIRMED', 2);
      const pending = await insert('DEPOSIT', 'PENDING', 40);
      const withdrawal = await insert('WITHDRAWAL', 'CONFIRMED', 50);
      // The timeline migration recorded old's confirmation 29 hours ago (later than its last update says).
      await ds.query(
        `INSERT INTO transaction_event (transaction_id, user_id, kind, at) VALUES ($1, $2, 'CONFIRMED', now() - interval '29 hours')`,
        [old, user.id],
      );

      await migration.up(runner);

      const rows = await ds.query(
        `SELECT id, duration_hours, returns_principal, settlement_state,
                extract(epoch FROM now() - confirmed_at)::int / 3600 AS confirmed_hours_ago,
                extract(epoch FROM matures_at - confirmed_at)::int / 3600 AS term_hours
           FROM "transaction" WHERE user_id = $1`,
        [user.id],
      );
      const byId = new Map(rows.map((r: { id: string }) => [r.id, r]));
      expect(byId.get(old)).toMatchObject({
        duration_hours: 24,
        returns_principal: true,
        settlement_state: 'DUE',
        confirmed_hours_ago: 29,
        term_hours: 24,
      });
      expect(byId.get(recent)).toMatchObject({ settlement_state: null, confirmed_hours_ago: 2, term_hours: 24 });
      expect(byId.get(pending)).toMatchObject({ duration_hours: 24, confirmed_hours_ago: null, term_hours: null });
      expect(byId.get(withdrawal)).toMatchObject({ duration_hours: null, settlement_state: null, term_hours: null });
      const events = await ds.query(`SELECT kind FROM transaction_event WHERE transaction_id = $1 ORDER BY id`, [old]);
      expect(events.map((e: { kind: string }) => e.kind)).toEqual(['CONFIRMED', 'MATURED']);
      const [{ n }] = await ds.query(`SELECT count(*)::int AS n FROM settlement`);
      expect(n).toBe(0); // nothing paid by the migration
    } finally {
      await runner.release();
    }
  });
});
