import { MSG } from '@cryptovest/common';
import { startTestApp, TestApp } from '../../test/harness';
import { UserType } from '../user/user.entity';
import { ledgerMismatches } from '../ledger/invariant';

let t: TestApp;
let admin: { token: string; user: { id: string; fullName: string } };
beforeAll(async () => {
  t = await startTestApp();
  admin = await t.createUser(UserType.ADMIN, { fullName: 'Ada Admin' });
});
afterAll(() => t.close());

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/** Every bucket of these users' accounts equals the sum of its ledger entries (the ledger's one invariant query). */
async function assertLedgerBalances(userIds: string[]): Promise<void> {
  expect(await ledgerMismatches(t.services.ds, userIds)).toEqual([]);
}

describe('admin account edits', () => {
  it('turns each changed amount into an ADMIN_ADJUSTMENT entry with who, why, old and new', async () => {
    const investor = await t.createUser(UserType.INVESTOR);
    const res = await t.http
      .put(`/api/account/${investor.user.id}`)
      .set(bearer(admin.token))
      .send({ data: { balance: '$1,234.56789', profit: '0', bitcoin: '250.5', reason: 'manual correction #12' } });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ balance: '1234.56789', profit: '0.00000', bitcoin: '250.50000' });

    const history = await t.gql(
      `query H($id: ID!) { accountHistory(userId: $id) { total items { bucket delta amountAfter reason note actorName createdAt } } }`,
      { id: investor.user.id },
      admin.token,
    );
    const items = history.body.data.accountHistory.items;
    expect(history.body.data.accountHistory.total).toBe(2); // profit did not change
    expect(items).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          bucket: 'balance',
          delta: '1234.56789',
          amountAfter: '1234.56789',
          reason: 'ADMIN_ADJUSTMENT',
          note: 'manual correction #12',
          actorName: 'Ada Admin',
        }),
        expect.objectContaining({ bucket: 'bitcoin', delta: '250.50000', amountAfter: '250.50000' }),
      ]),
    );
    // Lowering is a negative delta; the REST history path shows the same entries.
    await t.gql(
      `mutation A($id: ID!) { adjustAccount(userId: $id, input: { balance: "1000" }) { balance } }`,
      { id: investor.user.id },
      admin.token,
    );
    const rest = await t.http.get(`/api/account/${investor.user.id}/history`).set(bearer(admin.token));
    expect(rest.body.data[0]).toMatchObject({ bucket: 'balance', delta: '-234.56789', amountAfter: '1000.00000' });
    await assertLedgerBalances([investor.user.id]);
  });

  it('refuses bad amounts and changes nothing; refuses investors and guests', async () => {
    const investor = await t.createUser(UserType.INVESTOR);
    for (const [value, message] of [
      ['-5', MSG.amountNegative],
      ['$-1,000.50', MSG.amountNegative],
      ['1.123456', MSG.accountAmountInvalid],
      ['abc', MSG.accountAmountInvalid],
      ['', MSG.accountAmountInvalid],
    ]) {
      const res = await t.http
        .put(`/api/account/${investor.user.id}`)
        .set(bearer(admin.token))
        .send({ balance: '10', usdt: value });
      expect({ value, status: res.status, errors: res.body.errors }).toEqual({
        value,
        status: 422,
        errors: [{ field: 'usdt', error: message, code: 'VALIDATION' }],
      });
    }
    // GraphQL says the same (the admin account editor's dialog shows it under the field).
    const negative = await t.gql(
      `mutation A($id: ID!) { adjustAccount(userId: $id, input: { balance: "-20" }) { balance } }`,
      { id: investor.user.id },
      admin.token,
    );
    expect(negative.body.errors[0].extensions.fields).toEqual([
      { field: 'balance', message: 'amount must not be negative' },
    ]);
    expect((await t.http.get('/api/account').set(bearer(investor.token))).body.data.balance).toBe('0.00000');
    expect((await t.http.put(`/api/account/${investor.user.id}`).send({ balance: '1' })).status).toBe(401);
    expect(
      (await t.http.put(`/api/account/${investor.user.id}`).set(bearer(investor.token)).send({ balance: '1' })).status,
    ).toBe(403);
    expect((await t.http.get(`/api/account/${investor.user.id}/history`).set(bearer(investor.token))).status).toBe(403);
    expect((await t.http.put('/api/account/not-a-user').set(bearer(admin.token)).send({ balance: '1' })).status).toBe(
      404,
    );
  });

  it('20 simultaneous "set balance" edits end at one of the values sent, and the ledger sums to it', async () => {
    const investor = await t.createUser(UserType.INVESTOR);
    await t.fund(investor.user.id, '1000');
    // Distinct values far apart, so a lost update (two edits computing their delta from the same
    // old balance) lands on a sum none of them sent.
    const sent = Array.from({ length: 20 }, (_, i) => `${(i + 1) * 100}.${String(i + 1).padStart(5, '0')}`);
    const responses = await Promise.all(
      sent.map((balance, i) =>
        i % 2
          ? t.http
              .put(`/api/account/${investor.user.id}`)
              .set(bearer(admin.token))
              .send({ balance, reason: `edit ${i}` })
          : t.gql(
              `mutation A($id: ID!, $b: String!) { adjustAccount(userId: $id, input: { balance: $b }) { balance } }`,
              { id: investor.user.id, b: balance },
              admin.token,
            ),
      ),
    );
    expect(responses.map((r) => r.status)).toEqual(sent.map(() => 200));
    expect(responses.filter((r) => r.body.errors)).toEqual([]);
    const [{ balance, ledger }] = await t.services.ds.query(
      `SELECT a.balance::text AS balance,
              (SELECT sum(delta) FROM ledger_entry l WHERE l.account_id = a.id AND l.bucket = 'balance')::text AS ledger
         FROM account a WHERE a.user_id = $1`,
      [investor.user.id],
    );
    expect(sent).toContain(balance);
    expect(ledger).toBe(balance);
    await assertLedgerBalances([investor.user.id]);
  });
});
