import { createScratchDatabase, type ScratchDatabase, startTestApp, TestApp } from '../test/harness';
import { Account } from '../modules/account/account.entity';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

describe('data model guarantees', () => {
  it("runs the app's statements without JIT compilation (a short statement once spent a second compiling)", async () => {
    expect(await t.services.ds.query(`SHOW jit`)).toEqual([{ jit: 'off' }]);
  });

  it('refuses a negative bucket with a CHECK constraint', async () => {
    const { user } = await t.createUser();
    await expect(
      t.services.ds.getRepository(Account).update({ userId: user.id }, { balance: '-0.01' }),
    ).rejects.toThrow(/check constraint/i);
  });

  it('keeps the ledger and audit log append-only', async () => {
    const { user } = await t.createUser();
    const account = await t.services.ds.getRepository(Account).findOneByOrFail({ userId: user.id });
    const ds = t.services.ds;
    await ds.query(
      `INSERT INTO ledger_entry (account_id, bucket, delta, reason) VALUES ($1, 'balance', 5, 'ADMIN_ADJUSTMENT')`,
      [account.id],
    );
    await expect(ds.query(`UPDATE ledger_entry SET delta = 500 WHERE account_id = $1`, [account.id])).rejects.toThrow(
      /append-only/,
    );
    await expect(ds.query(`DELETE FROM ledger_entry WHERE account_id = $1`, [account.id])).rejects.toThrow(
      /append-only/,
    );
    await t.services.audit.record({ action: 'test.event', subjectType: 'user', subjectId: user.id });
    await expect(ds.query(`DELETE FROM audit_event WHERE subject_id = $1`, [user.id])).rejects.toThrow(/append-only/);
  });

  it('refuses a second deposit with the same coin and blockchain transaction id', async () => {
    const { user } = await t.createUser();
    const insert = () =>
      t.services.ds.query(
        `INSERT INTO "transaction" (user_id, trx_type, amount, crypto, transaction_id) VALUES ($1, 'DEPOSIT', 150, 'bitcoin', $2)`,
        [user.id, `tx-${user.id}`],
      );
    await insert();
    await expect(insert()).rejects.toThrow(/uq_transaction_deposit_crypto_txkey/);
    // The key is derived by the database: another spelling of the same id is refused there too.
    await expect(
      t.services.ds.query(
        `INSERT INTO "transaction" (user_id, trx_type, amount, crypto, transaction_id) VALUES ($1, 'DEPOSIT', 150, 'bitcoin', $2)`,
        [user.id, `0XTX-${user.id.toUpperCase()}`],
      ),
    ).rejects.toThrow(/uq_transaction_deposit_crypto_txkey/);
  });
});

describe('a Postgres restart', () => {
  // Killing every connection of a database must only hit this test's own: a database of its own,
  // so the connections of other test files running at the same time are never touched.
  let db: ScratchDatabase;
  let own: TestApp;
  beforeAll(async () => {
    db = await createScratchDatabase();
    own = await startTestApp({}, { databaseUrl: db.url });
  });
  afterAll(async () => {
    await own.close();
    await db.drop();
  });

  it('survives Postgres dropping every connection (as on a restart) and serves the next request', async () => {
    await own.http.get('/api/plans').expect(200);
    const pool = (own.services.ds.driver as unknown as { master: PoolEvents }).master;
    const admin = await own.services.ds.createQueryRunner();
    await admin.connect();
    // The pool drops each killed idle connection (its 'remove' event) before the next request.
    const idle = pool.idleCount;
    const dropped = new Promise<void>((resolve) => {
      let removed = 0;
      if (idle === 0) resolve();
      pool.on('remove', () => (removed += 1) >= idle && resolve());
    });
    const [{ killed }] = await admin.query(
      `SELECT count(*)::int AS killed FROM (SELECT pg_terminate_backend(pid) FROM pg_stat_activity
        WHERE datname = current_database() AND pid <> pg_backend_pid()) k`,
    );
    expect(killed).toBeGreaterThanOrEqual(idle);
    await admin.release();
    await dropped;
    const res = await own.http.get('/api/plans');
    expect(res.status).toBe(200);
    expect(res.body.data).toHaveLength(4);
  });
});

/** The parts of pg's Pool (behind TypeORM's driver) this test watches. */
interface PoolEvents {
  idleCount: number;
  on(event: 'remove', listener: () => void): void;
}
