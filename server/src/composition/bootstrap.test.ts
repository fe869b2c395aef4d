import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { REPO_ROOT } from '../kernel/config';
import { createScratchDatabase, type ScratchDatabase, type TestApp, startTestApp } from '../test/harness';
import { prepareData } from './bootstrap';

// The start's data work refuses the example deposit addresses where they are not allowed (the
// production default): investors would be shown them, and money sent there is lost. It replaces
// the whole deposit_wallet table, so this file has a database of its own.

let db: ScratchDatabase;
let t: TestApp;
beforeAll(async () => {
  db = await createScratchDatabase();
  t = await startTestApp({ EXAMPLE_WALLETS_ALLOWED: 'false' }, { databaseUrl: db.url });
});
afterAll(async () => {
  await t?.close();
  await db?.drop();
});

const addresses = async () =>
  (await t.services.ds.query(`SELECT address FROM deposit_wallet ORDER BY sort_order`)).map(
    (r: { address: string }) => r.address,
  );

describe('the deposit addresses loaded at start', () => {
  it('refuses a file of example addresses, whatever it is called, and keeps the addresses loaded before', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'wallets-'));
    const real = path.join(dir, 'wallets.json');
    writeFileSync(real, JSON.stringify({ exchanges: { TW: [{ name: 'bitcoin', address: 'bc1qoperatorsown' }] } }));
    await t.services.wallets.loadFromFile(real);
    expect(await addresses()).toEqual(['bc1qoperatorsown']);

    // The example file, copied under an innocent name.
    const copy = path.join(dir, 'production-wallets.json');
    writeFileSync(copy, readFileSync(path.join(REPO_ROOT, 'config/wallets.example.json')));
    const startWith = (walletsFile: string) =>
      prepareData({ ...t.services, config: { ...t.services.config, walletsFile } });
    await expect(startWith(copy)).rejects.toThrow(
      /holds 5 example address\(es\).*deposits sent there are lost\. Put your own addresses in it\./,
    );
    expect(await addresses()).toEqual(['bc1qoperatorsown']);

    await startWith(real);
    expect(await addresses()).toEqual(['bc1qoperatorsown']);
  });
});
