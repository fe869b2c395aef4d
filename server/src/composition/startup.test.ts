import { Client } from 'pg';
import { MIGRATIONS } from './migrations';
import { startOwnPostgres, type OwnPostgres } from '../test/own-postgres';
import { createEmptyDatabase, freePort, spawnServer, statusOf, type SpawnedServer } from '../test/spawn-server';

// Issue 11: instances starting together on an empty database all come up (migrations and seeding
// take turns under an advisory lock), and a database that is not there yet is waited for.

const started: SpawnedServer[] = [];
afterAll(async () => {
  for (const s of started) await s.stop('SIGKILL');
});

async function query<T>(url: string, sql: string): Promise<T[]> {
  const c = new Client({ connectionString: url });
  await c.connect();
  try {
    return (await c.query(sql)).rows as T[];
  } finally {
    await c.end();
  }
}

it('three instances started at once on an empty database all become ready, migrating once', async () => {
  const db = await createEmptyDatabase();
  try {
    const spawned = await Promise.allSettled([1, 2, 3].map(() => spawnServer({ DATABASE_URL: db.url })));
    const servers = spawned.flatMap((r) => (r.status === 'fulfilled' ? [r.value] : []));
    started.push(...servers);
    for (const r of spawned) if (r.status === 'rejected') throw r.reason;
    for (const s of servers) expect(await statusOf(`${s.base}/readyz`)).toBe(200);

    const applied = await query<{ name: string; n: number }>(
      db.url,
      `SELECT name, count(*)::int AS n FROM schema_migration GROUP BY name ORDER BY name`,
    );
    expect(applied).toEqual(
      MIGRATIONS.map((m) => ({ name: m.name, n: 1 })).sort((a, b) => a.name.localeCompare(b.name)),
    );
    // Seeding ran once too: one generated admin, each plan once.
    const [{ admins }] = await query<{ admins: number }>(
      db.url,
      `SELECT count(*)::int AS admins FROM app_user WHERE type = 'admin'`,
    );
    expect(admins).toBe(1);
    const plans = await query<{ name: string; n: number }>(
      db.url,
      `SELECT name, count(*)::int AS n FROM plan GROUP BY name HAVING count(*) > 1`,
    );
    expect(plans).toEqual([]);

    expect(await Promise.all(servers.map((s) => s.stop()))).toEqual([0, 0, 0]);
  } finally {
    await db.drop();
  }
}, 120_000);

describe('a database that is not reachable at start', () => {
  let pg: OwnPostgres;
  beforeAll(async () => {
    pg = await startOwnPostgres();
  }, 60_000);
  afterAll(() => pg.dispose());

  it('is waited for: the instance becomes ready once the database appears', async () => {
    const url = await pg.createDatabase();
    await pg.stop();
    const server = await spawnServer({ DATABASE_URL: url, DB_STARTUP_TIMEOUT_S: '30' }, { waitReady: false });
    started.push(server);
    // Started only once the server said it is waiting (its first attempt failed).
    await server.waitForOutput(/database unreachable, retrying/);
    await pg.start();
    await server.ready();
    expect(await server.stop()).toBe(0);
  }, 120_000);

  it('that never appears: exit 1 with a clear message once DB_STARTUP_TIMEOUT_S has passed', async () => {
    const port = await freePort(); // nothing listens there
    const server = await spawnServer(
      { DATABASE_URL: `postgres://postgres@127.0.0.1:${port}/cryptovest`, DB_STARTUP_TIMEOUT_S: '2' },
      { waitReady: false },
    );
    started.push(server);
    expect(await server.exited).toBe(1);
    const output = server.output();
    expect(output).toMatch(/database unreachable, retrying/);
    expect(output).toContain(
      `PostgreSQL at 127.0.0.1:${port}/cryptovest was unreachable for 2 s (DB_STARTUP_TIMEOUT_S); last error: connect ECONNREFUSED`,
    );
  }, 120_000);
});
