import { ApiKeyScope } from '../../modules/user/scopes';
import { UserType } from '../../modules/user/user.entity';
import { parseCsv } from '../../test/csv-parse';
import { startTestApp, type TestApp } from '../../test/harness';
import { bearer, contractSuite, randomUuid } from '../../test/openapi-contract-suite';
import { makeDeposit } from '../../test/settlement-fixtures';

/**
 * Issue 38, statements and the accounting export, called for real: every answer as documented,
 * who may download whose statement, the period's refusals, the files' names and contents.
 */
const { answers, missingSuccesses } = contractSuite('statements');
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t.close();
});

/** Today in UTC (the funding below is written now), as the period parameters take it. */
const today = () => new Date().toISOString().slice(0, 10);
/** Supertest keeps a CSV answer's text; a PDF's bytes need collecting. */
const binary = (call: ReturnType<TestApp['http']['get']>) =>
  call.buffer(true).parse((res, done) => {
    const chunks: Buffer[] = [];
    res.on('data', (c: Buffer) => chunks.push(c));
    res.on('end', () => done(null, Buffer.concat(chunks)));
  });

describe('GET /api/statements', () => {
  it('gives the investor their own statement as CSV (the default) and PDF, named by the period', async () => {
    const { user, token } = await t.createUser(UserType.INVESTOR, { fullName: 'Grace Hopper' });
    await t.fund(user.id, '1234.5');
    const day = today();
    const csv = await answers(t.http.get(`/api/statements?from=${day}&to=${day}`).set(bearer(token)), 200);
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(csv.headers['content-disposition']).toBe(`attachment; filename=cryptovest-statement-${day}-to-${day}.csv`);
    const rows = parseCsv(csv.text);
    expect(rows[1].slice(0, 3)).toEqual(['Investor', 'Grace Hopper', user.email]);
    expect(rows.find((r) => r[0] === 'Balance')!.slice(0, 3)).toEqual(['Balance', '0.00', '1234.50']);
    expect(rows.at(-1)!.slice(0, 5)).toEqual([
      expect.stringContaining(day),
      'Balance',
      '1234.50',
      '1234.50',
      'Adjustment by our team',
    ]);

    const pdf = await answers(
      binary(t.http.get(`/api/statements?from=${day}&to=${day}&format=PDF`).set(bearer(token))),
      200,
    );
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.headers['content-disposition']).toBe(`attachment; filename=cryptovest-statement-${day}-to-${day}.pdf`);
    expect((pdf.body as Buffer).subarray(0, 5).toString()).toBe('%PDF-');
  });

  it("refuses an investor another user's statement (403, even for an id that does not exist), and lets them name their own", async () => {
    const a = await t.createUser(UserType.INVESTOR);
    const b = await t.createUser(UserType.INVESTOR);
    const q = `from=${today()}&to=${today()}`;
    const refused = await answers(t.http.get(`/api/statements?${q}&userId=${b.user.id}`).set(bearer(a.token)), 403);
    expect(refused.body.errors[0]).toMatchObject({
      code: 'FORBIDDEN',
      error: 'You can download only your own statement',
    });
    await answers(t.http.get(`/api/statements?${q}&userId=${randomUuid()}`).set(bearer(a.token)), 403);
    await answers(t.http.get(`/api/statements?${q}&userId=${a.user.id}`).set(bearer(a.token)), 200);
    await answers(t.http.get(`/api/statements?${q}`), 401);
  });

  it("gives an admin any investor's statement; an unknown user is 404, no userId 422", async () => {
    const admin = await t.createUser(UserType.ADMIN);
    const investor = await t.createUser(UserType.INVESTOR, { fullName: 'Katherine Johnson' });
    const q = `from=${today()}&to=${today()}`;
    const res = await answers(
      t.http.get(`/api/statements?${q}&userId=${investor.user.id}`).set(bearer(admin.token)),
      200,
    );
    expect(parseCsv(res.text)[1].slice(0, 3)).toEqual(['Investor', 'Katherine Johnson', investor.user.email]);
    const unknown = await answers(
      t.http.get(`/api/statements?${q}&userId=${randomUuid()}`).set(bearer(admin.token)),
      404,
    );
    expect(unknown.body.errors[0].error).toBe('User not found');
    await answers(t.http.get(`/api/statements?${q}&userId=not-an-id`).set(bearer(admin.token)), 404);
    const noAccount = await answers(
      t.http.get(`/api/statements?${q}&userId=${admin.user.id}`).set(bearer(admin.token)),
      404,
    );
    expect(noAccount.body.errors[0].error).toBe('This user has no investment account');
    const own = await answers(t.http.get(`/api/statements?${q}`).set(bearer(admin.token)), 422);
    expect(own.body.errors[0]).toMatchObject({ field: 'userId', code: 'VALIDATION' });
  });

  it('opens to API keys with a read scope only', async () => {
    const investor = await t.createUser(UserType.INVESTOR);
    const key = async (scopes: ApiKeyScope[]) =>
      (await t.services.apiKeys.create(investor.user, { name: `k ${scopes}`, scopes }, { ip: null })).secret;
    const q = `from=${today()}&to=${today()}`;
    await answers(t.http.get(`/api/statements?${q}`).set('x-api-key', await key([ApiKeyScope.ACCOUNT_READ])), 200);
    await answers(t.http.get(`/api/statements?${q}`).set('x-api-key', await key([ApiKeyScope.WEBHOOKS])), 403);
  });

  it('refuses a bad period with a message naming the field', async () => {
    const { token } = await t.createUser(UserType.INVESTOR);
    const refusal = async (query: string, status: number) => {
      const res = await answers(t.http.get(`/api/statements?${query}`).set(bearer(token)), status);
      return res.body.errors[0];
    };
    expect(await refusal('to=2026-11-30', 422)).toMatchObject({
      field: 'from',
      error: 'from is required (YYYY-MM-DD)',
    });
    expect(await refusal('from=2026-11-31&to=2026-12-01', 422)).toMatchObject({
      field: 'from',
      error: 'from is not a real date: 2026-11-31',
    });
    expect(await refusal('from=yesterday&to=2026-12-01', 422)).toMatchObject({ field: 'from' });
    expect(await refusal('from=2026-12-01&to=2026-11-30', 422)).toMatchObject({
      field: 'to',
      error: 'to must be on or after from',
    });
    expect(await refusal('from=2025-01-01&to=2026-01-02', 422)).toMatchObject({
      field: 'to',
      error: 'A statement covers at most 366 days; this period has 367',
    });
    expect(await refusal('from=2026-11-01&to=2026-11-30&format=docx', 400)).toMatchObject({
      field: 'format',
      error: 'format must be one of csv, pdf',
    });
  });
});

describe('GET /api/admin/exports/transactions', () => {
  it('streams every transaction of the period as CSV for admins, injection-safe', async () => {
    const admin = await t.createUser(UserType.ADMIN);
    const investor = await t.createUser(UserType.INVESTOR, { fullName: '=SUM(A1:A9)' });
    const ids = [
      await makeDeposit(t.services, investor.user.id, 'Starter', '150.5', 'usdt'),
      await makeDeposit(t.services, investor.user.id, 'Gold', '12000', 'bitcoin'),
    ];
    const day = today();
    const res = await answers(
      t.http.get(`/api/admin/exports/transactions?from=${day}&to=${day}`).set(bearer(admin.token)),
      200,
    );
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename=cryptovest-transactions-${day}-to-${day}.csv`,
    );
    const rows = parseCsv(res.text);
    expect(rows[0].slice(0, 7)).toEqual([
      'Transaction',
      'Date (UTC)',
      'Investor',
      'Email',
      'Type',
      'Status',
      'Amount (USD)',
    ]);
    const mine = rows.filter((r) => r[3] === investor.user.email);
    expect(mine.map((r) => [r[0], r[2], r[4], r[5], r[6], r[7], r[9]])).toEqual([
      [ids[0], "'=SUM(A1:A9)", 'DEPOSIT', 'PENDING', '150.50', 'usdt', 'Starter'],
      [ids[1], "'=SUM(A1:A9)", 'DEPOSIT', 'PENDING', '12000.00', 'bitcoin', 'Gold'],
    ]);
    // Oldest first across the whole file.
    const dates = rows.slice(1).map((r) => r[1]);
    expect([...dates].sort()).toEqual(dates);
  });

  it('is for admins only, and refuses a bad period', async () => {
    const investor = await t.createUser(UserType.INVESTOR);
    const admin = await t.createUser(UserType.ADMIN);
    await answers(
      t.http.get('/api/admin/exports/transactions?from=2026-11-01&to=2026-11-30').set(bearer(investor.token)),
      403,
    );
    await answers(t.http.get('/api/admin/exports/transactions?from=2026-11-01&to=2026-11-30'), 401);
    const bad = await answers(
      t.http.get('/api/admin/exports/transactions?from=2026-11-30&to=2026-11-01').set(bearer(admin.token)),
      422,
    );
    expect(bad.body.errors[0]).toMatchObject({ field: 'to', error: 'to must be on or after from' });
    // No length limit: an accounting year and more.
    await answers(
      t.http.get('/api/admin/exports/transactions?from=2020-01-01&to=2020-12-31').set(bearer(admin.token)),
      200,
    );
  });
});

it('called every operation of the area with success', () => {
  expect(missingSuccesses()).toEqual([]);
});
