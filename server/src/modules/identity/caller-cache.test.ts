import { UserType } from '../user/user.entity';
import { cutListener, until } from '../../test/live-test-client';
import { queriesOf } from '../../test/statements';
import {
  createScratchDatabase,
  TEST_PASSWORD,
  type ScratchDatabase,
  type TestApp,
  startTestApp,
} from '../../test/harness';

// Issue 16: a session check reads the caller's row on every request, so each instance keeps the
// callers in memory, but only while it hears their changes (triggers on app_user, totp_factor and
// passkey → NOTIFY cryptovest_users → its LISTEN), and the instance that makes a change forgets the
// caller at once itself. Two instances on a database of this file's own.

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

/** `me` on an instance: the HTTP status, the name it shows, and the statements it took. */
async function me(t: TestApp, token: string) {
  const res = await t.gql('{ me { fullName } }', {}, token);
  return {
    status: res.status,
    name: res.body.data?.me?.fullName as string | undefined,
    queries: queriesOf(res.headers['server-timing']),
  };
}

/** Runs `work` with the CallerChanges triggers off: only an instance's own forgetting is left. */
async function withoutTriggers(work: () => Promise<void>) {
  const tables = ['app_user', 'totp_factor', 'passkey'];
  for (const table of tables) await a.services.ds.query(`ALTER TABLE ${table} DISABLE TRIGGER caller_changed`);
  try {
    await work();
  } finally {
    for (const table of tables) await a.services.ds.query(`ALTER TABLE ${table} ENABLE TRIGGER caller_changed`);
  }
}

describe('callers kept in memory while their changes are heard', () => {
  it('checks a known session without a statement, over GraphQL and REST', async () => {
    const { token } = await a.createUser(UserType.INVESTOR, { fullName: 'Kept Caller' });
    expect(await me(a, token)).toEqual({ status: 200, name: 'Kept Caller', queries: 1 });
    expect(await me(a, token)).toEqual({ status: 200, name: 'Kept Caller', queries: 0 });
    const rest = await a.http.get('/api/user').set('authorization', `Bearer ${token}`);
    expect(rest.status).toBe(200);
    expect(rest.body.data.fullName).toBe('Kept Caller');
    expect(queriesOf(rest.headers['server-timing'])).toBe(0);
  });

  it("applies an operator's SQL demotion and revocation on every instance", async () => {
    const { user, token } = await a.createUser(UserType.ADMIN);
    const { user: investor, token: investorToken } = await a.createUser(UserType.INVESTOR);
    for (const t of [a, b]) {
      expect((await t.gql('{ users { total } }', {}, token)).status).toBe(200);
      expect((await me(t, investorToken)).status).toBe(200);
    }

    await a.services.ds.query(`UPDATE app_user SET type = 'investor' WHERE id = $1`, [user.id]);
    await b.services.ds.query(`UPDATE app_user SET tokens_valid_after = now() WHERE id = $1`, [investor.id]);
    for (const t of [a, b]) {
      await until(
        () => t.gql('{ users { total } }', {}, token),
        (res) => res.status === 403,
      );
      await until(
        () => me(t, investorToken),
        (res) => res.status === 401,
      );
    }
  });

  it('drops a caller whose second factor goes, and every caller on a TRUNCATE-like empty payload', async () => {
    const { user, token } = await a.createUser(UserType.ADMIN);
    expect((await b.gql('{ users { total } }', {}, token)).status).toBe(200);
    await a.services.ds.query(`DELETE FROM totp_factor WHERE user_id = $1`, [user.id]);
    // Without a second factor set up, an admin session is confined to enrolling.
    await until(
      () => b.gql('{ users { total } }', {}, token),
      (res) => res.status === 403,
    );

    const { token: investor } = await a.createUser(UserType.INVESTOR);
    // Kept: the sign-up's own NOTIFY may still arrive after the first read and drop it once.
    await until(
      () => me(b, investor),
      (res) => res.queries === 0,
    );
    await a.services.ds.query(`NOTIFY cryptovest_users, ''`);
    await until(
      () => me(b, investor),
      (res) => res.queries === 1,
    );
  });

  it("shows this instance's own changes to its next request at once, before any NOTIFY", async () => {
    const { user, token } = await a.createUser(UserType.INVESTOR, { fullName: 'Before Edit' });
    expect((await me(a, token)).name).toBe('Before Edit');
    expect((await me(b, token)).name).toBe('Before Edit');
    await withoutTriggers(async () => {
      const edit = await a.gql(`mutation { updateProfile(input: { fullName: "After Edit" }) { fullName } }`, {}, token);
      expect(edit.body.data.updateProfile.fullName).toBe('After Edit');
      expect((await me(a, token)).name).toBe('After Edit');
      // Instance b heard nothing (the triggers are off): it still has the old row.
      expect((await me(b, token)).name).toBe('Before Edit');

      const changed = await a.gql(
        `mutation ($old: String!, $new: String!) { changePassword(oldPassword: $old, newPassword: $new) { token } }`,
        { old: TEST_PASSWORD, new: 'a-new-password-123' },
        token,
      );
      expect(changed.body.data.changePassword.token).toBeTruthy();
      expect((await me(a, token)).status).toBe(401);
    });
    // The triggers are back: the next change is heard by b, which drops its old copy of the row.
    await a.services.ds.query(`UPDATE app_user SET updated_at = now() WHERE id = $1`, [user.id]);
    await until(
      () => me(b, token),
      (res) => res.status === 401,
    );
  });

  it('accepts a token issued after a cut-off this instance has not heard of yet: it reads the caller again once', async () => {
    const { token } = await a.createUser(UserType.INVESTOR, { fullName: 'Fresh Token' });
    expect((await me(b, token)).status).toBe(200); // b keeps the caller, with its old cut-off
    await withoutTriggers(async () => {
      // The password change on a moves the cut-off and gives a new token for the same session.
      const changed = await a.gql(
        `mutation ($old: String!, $new: String!) { changePassword(oldPassword: $old, newPassword: $new) { token } }`,
        { old: TEST_PASSWORD, new: 'a-fresh-password-123' },
        token,
      );
      const fresh = changed.body.data.changePassword.token as string;
      // b heard nothing, yet the newer token is not refused by its stale copy: one read, then kept.
      expect(await me(b, fresh)).toEqual({ status: 200, name: 'Fresh Token', queries: 1 });
      expect(await me(b, fresh)).toEqual({ status: 200, name: 'Fresh Token', queries: 0 });
      // And that read taught b the cut-off: the old token is refused there too, without a NOTIFY.
      expect((await me(b, token)).status).toBe(401);
    });
  });

  it('reads every session from the database while its LISTEN connection is down, and keeps again after', async () => {
    const { token } = await a.createUser(UserType.INVESTOR);
    // Kept: the sign-up's own NOTIFY may still arrive after the first read and drop it once.
    await until(
      () => me(b, token),
      (res) => res.queries === 0,
    );
    b.services.tokens.callers.lost(); // as the listener reports when its connection drops
    expect((await me(b, token)).queries).toBe(1);
    expect((await me(b, token)).queries).toBe(1);

    await cutListener(b.app.live.listener, a.services.ds);
    await me(b, token);
    expect((await me(b, token)).queries).toBe(0);
  });
});
