import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { startTestApp, TestApp } from '../../test/harness';
import { User, UserType } from '../../modules/user/user.entity';
import { AuditEvent } from './audit-event.entity';
import { AUDIT_ACTIONS } from './audit-actions';

let t: TestApp;
let admin: { token: string; user: User };
let ada: { token: string; user: User };
let bob: { token: string; user: User };
const tag = `q${Date.now().toString(36)}`; // unique text so other tests' rows never match

const LIST = `query ($actor: String, $action: String, $from: DateTimeISO, $to: DateTimeISO, $pageSize: Int, $after: String, $before: String) {
  auditLog(actor: $actor, action: $action, from: $from, to: $to, pageSize: $pageSize, after: $after, before: $before) {
    total nextCursor prevCursor
    items { id action actionLabel actor { id fullName email } subjectType subjectId subjectOwner { id fullName } details { key value } createdAt }
  }
}`;

type Entry = { id: string; action: string; actor: { fullName: string } | null; createdAt: string };
const list = async (variables: Record<string, unknown>, token = admin.token) => {
  const res = await t.gql(LIST, variables, token);
  return res;
};
const items = async (variables: Record<string, unknown>): Promise<Entry[]> => {
  const res = await list(variables);
  expect(res.body.errors).toBeUndefined();
  return res.body.data.auditLog.items;
};

beforeAll(async () => {
  t = await startTestApp();
  admin = await t.createUser(UserType.ADMIN, { fullName: `${tag}Root Admin`, email: `${tag}root@example.test` });
  ada = await t.createUser(UserType.INVESTOR, { fullName: `${tag}Ada Lovelace`, email: `${tag}ada@example.test` });
  bob = await t.createUser(UserType.INVESTOR, { fullName: `Bob ${tag}`, email: `bob.${tag}@example.test` });
  // Ada's history at known instants: two sign-ins in 2020 and one in 2021, plus a failure.
  await t.services.ds.getRepository(AuditEvent).insert(
    [
      ['login.success', '2020-03-01T10:00:00Z'],
      ['login.failure', '2020-03-02T10:00:00Z'],
      ['login.success', '2020-03-03T10:00:00Z'],
      ['login.success', '2021-01-01T00:00:00Z'],
    ].map(([action, at]) => ({
      action,
      actorId: ada.user.id,
      subjectType: 'user',
      subjectId: ada.user.id,
      createdAt: new Date(at),
    })),
  );
  await t.services.ds.getRepository(AuditEvent).insert({
    action: 'login.success',
    actorId: bob.user.id,
    subjectType: 'user',
    subjectId: bob.user.id,
    createdAt: new Date('2020-03-02T12:00:00Z'),
  });
});
afterAll(() => t.close());

describe('admin audit log', () => {
  it('shows an admin edit with who, what in words, whose record and the changed fields', async () => {
    const edit = await t.gql(
      `mutation { updateUser(userId: "${ada.user.id}", input: { city: "London" }) { id } }`,
      {},
      admin.token,
    );
    expect(edit.body.errors).toBeUndefined();
    const [entry] = await items({ actor: `${tag}root`, action: 'user.admin_updated' });
    expect(entry).toMatchObject({
      action: 'user.admin_updated',
      actionLabel: 'Edited a user',
      actor: { id: admin.user.id, fullName: `${tag}Root Admin`, email: `${tag}root@example.test` },
      subjectType: 'user',
      subjectId: ada.user.id,
      subjectOwner: { id: ada.user.id, fullName: `${tag}Ada Lovelace` },
      details: [{ key: 'fields', value: '["city"]' }],
    });
  });

  it('names the owner of an account an admin adjusted', async () => {
    const adjust = await t.gql(
      `mutation { adjustAccount(userId: "${bob.user.id}", input: { profit: "12.5", reason: "goodwill" }) { id } }`,
      {},
      admin.token,
    );
    expect(adjust.body.errors).toBeUndefined();
    const [entry] = await items({ actor: `${tag}root`, action: 'account.adjusted' });
    expect(entry).toMatchObject({ subjectType: 'account', subjectOwner: { id: bob.user.id, fullName: `Bob ${tag}` } });
  });

  it('filters exactly by actor (name or e-mail start), action and time range', async () => {
    const byName = await items({ actor: `${tag.toUpperCase()}ADA`, to: '2022-01-01T00:00:00Z' });
    expect(byName.map((e) => [e.action, e.createdAt])).toEqual([
      ['login.success', '2021-01-01T00:00:00.000Z'],
      ['login.success', '2020-03-03T10:00:00.000Z'],
      ['login.failure', '2020-03-02T10:00:00.000Z'],
      ['login.success', '2020-03-01T10:00:00.000Z'],
    ]);
    // Bob matches by e-mail start, not by the tag at the end of his name.
    expect((await items({ actor: `bob.${tag}` })).map((e) => e.actor?.fullName)).toEqual([`Bob ${tag}`]);
    expect(await items({ actor: `${tag}zzz` })).toEqual([]);
    // Wildcards are literal: "%" finds no actor whose name lacks it.
    expect(await items({ actor: '%', from: '2020-03-01T00:00:00Z', to: '2020-03-04T00:00:00Z' })).toEqual([]);
    const failures = await items({ actor: `${tag}ada`, action: 'login.failure' });
    expect(failures.map((e) => e.createdAt)).toEqual(['2020-03-02T10:00:00.000Z']);
    // from is inclusive, to exclusive.
    const range = await items({ actor: `${tag}ada`, from: '2020-03-02T10:00:00Z', to: '2020-03-03T10:00:00Z' });
    expect(range.map((e) => e.action)).toEqual(['login.failure']);
    // Everyone in a range: Bob's sign-in sits between Ada's.
    const day = await items({ from: '2020-03-02T00:00:00Z', to: '2020-03-03T00:00:00Z' });
    expect(day.filter((e) => e.actor?.fullName.includes(tag)).map((e) => e.actor?.fullName)).toEqual([
      `Bob ${tag}`,
      `${tag}Ada Lovelace`,
    ]);
  });

  it('refuses an unknown action and an inverted range with the field named, never a 500', async () => {
    const unknown = await list({ action: 'user.deleted' });
    expect(unknown.body.errors[0].extensions.fields).toEqual([
      { field: 'action', message: 'Choose an action from the list' },
    ]);
    const inverted = await list({ from: '2021-01-01T00:00:00Z', to: '2020-01-01T00:00:00Z' });
    expect(inverted.body.errors[0].extensions.fields).toEqual([
      { field: 'to', message: 'The end of the range must come after its start' },
    ]);
    const bad = await list({ after: 'not-a-cursor' });
    expect(bad.body.errors[0].extensions.code).toBe('BAD_REQUEST');
    // A cursor of another list (users: uuid ids) is refused, not misread as an audit position.
    const users = await t.gql(`{ users(pageSize: 1) { nextCursor } }`, {}, admin.token);
    const mixed = await list({ after: users.body.data.users.nextCursor });
    expect(mixed.body.errors[0].extensions.code).toBe('BAD_REQUEST');
  });

  it('pages by cursor without gaps or repeats, forwards and back', async () => {
    const filter = { actor: `${tag}ada`, to: '2022-01-01T00:00:00Z', pageSize: 3 };
    const first = (await list(filter)).body.data.auditLog;
    expect(first.total).toBe(4);
    expect(first.prevCursor).toBeNull();
    const second = (await list({ ...filter, after: first.nextCursor })).body.data.auditLog;
    expect(second.nextCursor).toBeNull();
    const all = [...first.items, ...second.items].map((e: Entry) => e.createdAt);
    expect(all).toEqual([
      '2021-01-01T00:00:00.000Z',
      '2020-03-03T10:00:00.000Z',
      '2020-03-02T10:00:00.000Z',
      '2020-03-01T10:00:00.000Z',
    ]);
    const back = (await list({ ...filter, before: second.prevCursor })).body.data.auditLog;
    expect(back.items.map((e: Entry) => e.id)).toEqual(first.items.map((e: Entry) => e.id));
  });

  it('is for admins only: investors are forbidden, guests must sign in', async () => {
    for (const field of ['auditLog { total }', 'auditActions { action }']) {
      const asInvestor = await t.gql(`{ ${field} }`, {}, ada.token);
      expect(asInvestor.body.errors[0].extensions.code).toBe('FORBIDDEN');
      const asGuest = await t.gql(`{ ${field} }`);
      expect(asGuest.body.errors[0].extensions.code).toBe('UNAUTHENTICATED');
    }
    const actions = await t.gql('{ auditActions { action label } }', {}, admin.token);
    expect(actions.body.data.auditActions).toContainEqual({ action: 'user.admin_updated', label: 'Edited a user' });
  });

  it('has words for every action the server writes', () => {
    const root = path.resolve(__dirname, '../..');
    const files: string[] = [];
    const walk = (dir: string) => {
      for (const name of readdirSync(dir)) {
        const full = path.join(dir, name);
        if (statSync(full).isDirectory()) walk(full);
        else if (name.endsWith('.ts') && !name.endsWith('.test.ts')) files.push(full);
      }
    };
    walk(root);
    const written = new Set<string>();
    for (const file of files) {
      const text = readFileSync(file, 'utf8');
      for (const m of text.matchAll(
        /action:\s*(?:\w+\s*\?\s*)?'([a-z_]+\.[a-z_.]+)'(?:\s*:\s*'([a-z_]+\.[a-z_.]+)')?/g,
      )) {
        written.add(m[1]);
        if (m[2]) written.add(m[2]);
      }
    }
    expect(written.size).toBeGreaterThan(25);
    expect([...written].filter((action) => !(action in AUDIT_ACTIONS))).toEqual([]);
  });
});
