import { startTestApp, TestApp } from '../../test/harness';
import { UserType } from '../user/user.entity';
import { applyLedger } from './apply-ledger';
import { BUCKET_COLUMN, LEDGER_BUCKETS } from './buckets';
import { ledgerMismatches } from './invariant';
import { LedgerReason } from './ledger-entry.entity';

// The ledger's one invariant query (tests, bench and scripts all run it) must see every kind of
// broken bucket, not just pass on healthy ones.

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t.close();
});

/** The account id of `userId`. */
async function accountOf(userId: string): Promise<string> {
  const [{ id }] = await t.services.ds.query(`SELECT id FROM account WHERE user_id = $1`, [userId]);
  return id;
}

describe('the ledger invariant', () => {
  it('finds nothing wrong in accounts written only through the ledger', async () => {
    const { user } = await t.createUser(UserType.INVESTOR);
    const account = await accountOf(user.id);
    await t.services.ds.transaction((m) =>
      applyLedger(m, account, [{ bucket: 'walletBalance', delta: '12.5' }], { reason: LedgerReason.ADMIN_ADJUSTMENT }),
    );
    expect(await ledgerMismatches(t.services.ds, [user.id])).toEqual([]);
  });

  it.each(LEDGER_BUCKETS)('reports %s changed without a ledger entry, for that user only', async (bucket) => {
    const { user } = await t.createUser(UserType.INVESTOR);
    const other = await t.createUser(UserType.INVESTOR);
    const column = BUCKET_COLUMN[bucket];
    // locked_bonus may not exceed balance (CHECK), so both move for it; balance then differs too.
    const extra = bucket === 'lockedBonus' ? ', balance = balance + 1' : '';
    await t.services.ds.query(`UPDATE account SET ${column} = ${column} + 1${extra} WHERE user_id = $1`, [user.id]);
    const broken = await ledgerMismatches(t.services.ds, [user.id, other.user.id]);
    expect(broken.map((b) => [b.userId, b.bucket, b.amount, b.ledger])).toContainEqual([
      user.id,
      bucket,
      expect.stringMatching(/^1\.0+$/),
      '0',
    ]);
    expect(broken.every((b) => b.userId === user.id)).toBe(true);
    expect((await ledgerMismatches(t.services.ds)).some((b) => b.userId === user.id && b.bucket === bucket)).toBe(true);
  });
});
