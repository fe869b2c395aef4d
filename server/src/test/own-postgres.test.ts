import { Client } from 'pg';
import { startOwnPostgres, type OwnPostgres } from './own-postgres';

// The fault tests' own database server: it can be stopped, restarted and frozen.
let pg: OwnPostgres;
beforeAll(async () => {
  pg = await startOwnPostgres();
}, 60_000);
afterAll(() => pg.dispose());

const connect = async (url: string) => {
  const c = new Client({ connectionString: url, connectionTimeoutMillis: 1000, query_timeout: 1000 });
  await c.connect();
  return c;
};

it('serves, stops, comes back, freezes and thaws', async () => {
  const url = await pg.createDatabase();
  const c = await connect(url);
  expect((await c.query('SELECT 1 AS one')).rows).toEqual([{ one: 1 }]);
  pg.freeze();
  await expect(c.query('SELECT 1')).rejects.toThrow(/timeout/i);
  pg.thaw();
  await c.end().catch(() => undefined);
  await pg.stop();
  await expect(connect(url)).rejects.toThrow();
  await pg.start();
  const again = await connect(url);
  expect((await again.query('SELECT 2 AS two')).rows).toEqual([{ two: 2 }]);
  await again.end();
}, 60_000);
