import { getDirective } from '@graphql-tools/utils';
import fc from 'fast-check';
import {
  ACCOUNT_BUCKETS,
  ADMIN_USER_FIELDS,
  MAX_ACCOUNT_AMOUNT,
  MAX_TRANSACTION_AMOUNT,
  PROFILE_FIELDS,
  WITHDRAWAL_COINS,
} from '@cryptovest/common';
import {
  getNamedType,
  isEnumType,
  isInputObjectType,
  isLeafType,
  isListType,
  isNonNullType,
  type GraphQLField,
  type GraphQLInputType,
  type GraphQLSchema,
} from 'graphql';
import type { Response } from 'supertest';
import { buildAppSchema } from './graphql/schema';
import { Plan } from '../modules/plan/plan.entity';
import { UserType } from '../modules/user/user.entity';
import { restRouter } from './rest/router';
import { createScratchDatabase, startTestApp, TEST_PASSWORD, type ScratchDatabase, TestApp } from '../test/harness';
import { rowFingerprint } from '../test/row-fingerprint';

/**
 * Property-based fuzzing of every REST route and every GraphQL root field that takes input, as a
 * guest, an investor and an admin: no answer is a 5xx (or an INTERNAL GraphQL error), and an
 * answer that refuses the request leaves every guarded table exactly as it was.
 * Reproduce a failure with FUZZ_SEED=<seed printed by fast-check>; FUZZ_RUNS changes the runs.
 */
const RUNS = Number(process.env.FUZZ_RUNS ?? 25);
const SEED = Number(process.env.FUZZ_SEED ?? Date.now() % 2 ** 31);
/** Per test: at 25 runs the whole file takes about ten seconds; more runs get more time. */
const TIMEOUT_MS = 40_000 * Math.max(1, RUNS / 25);

// ---------------------------------------------------------------------------------------------
// Hostile JSON, kept as a tree so keys such as `__proto__` and raw number text survive printing.

/** A JSON value; `raw` is printed as is (numbers beyond doubles, deep nesting), `obj` keeps key order and duplicates. */
type Json = null | boolean | number | string | Json[] | { raw: string } | { obj: [string, Json][] };

const isRaw = (v: Json): v is { raw: string } => typeof v === 'object' && v !== null && 'raw' in v;
const isObj = (v: Json): v is { obj: [string, Json][] } => typeof v === 'object' && v !== null && 'obj' in v;

/** The JSON text of a tree, exactly as an attacker would write it. */
function jsonText(v: Json): string {
  if (Array.isArray(v)) return `[${v.map(jsonText).join(',')}]`;
  if (isRaw(v)) return v.raw;
  if (isObj(v)) return `{${v.obj.map(([k, x]) => `${JSON.stringify(k)}:${jsonText(x)}`).join(',')}}`;
  return JSON.stringify(v) ?? 'null';
}

const PROTOTYPE_KEYS = [
  '__proto__',
  'constructor',
  'prototype',
  'toString',
  'valueOf',
  'hasOwnProperty',
  'isPrototypeOf',
];
const FIELD_NAMES = [
  ...new Set([
    ...ACCOUNT_BUCKETS,
    ...PROFILE_FIELDS,
    ...ADMIN_USER_FIELDS,
    ...WITHDRAWAL_COINS,
    ...['email', 'password', 'country', 'otp', 'activity', 'token', 'oldPassword', 'newPassword', 'confirmPassword'],
    ...['planId', 'crypto', 'amount', 'transactionId', 'imageUrl', 'trxType', 'status', 'wallet', 'plan'],
    ...['name', 'subject', 'message', 'reason', 'data', 'type', 'id', '_id', 'userId'],
  ]),
];
const SPECIAL_STRINGS = [
  '',
  ' ',
  '\u0000',
  'a\u0000b',
  '%00',
  '\\u0000',
  '\ud800',
  '😀',
  '1e18',
  '1000000000000000000',
  '999999999999999999.99',
  '1000000000000000',
  '1000000000.01',
  MAX_TRANSACTION_AMOUNT,
  MAX_ACCOUNT_AMOUNT,
  '-1',
  '0',
  '0.000001',
  '$1,000,000,000,000,000',
  'NaN',
  'Infinity',
  "' OR '1'='1",
  '"; DROP TABLE app_user; --',
  '<img src=x onerror=alert(1)>',
  '../../etc/passwd',
  'CONFIRMED',
  'DECLINED',
  'WITHDRAWAL',
  'bitcoin',
  'verify_email',
  'admin',
  'x'.repeat(3000),
  '00000000-0000-0000-0000-000000000000',
  'not-a-uuid',
  ...PROTOTYPE_KEYS,
];

/** Values seen in real requests, so runs get past the first checks (filled once the app is up). */
const realistic: string[] = [];

const stringArb: fc.Arbitrary<string> = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom(...SPECIAL_STRINGS) },
  { weight: 2, arbitrary: fc.constant(null).chain(() => fc.constantFrom(...realistic)) },
  { weight: 2, arbitrary: fc.string({ maxLength: 20 }) },
  { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 8 }) },
  { weight: 1, arbitrary: fc.uuid() },
);
const numberArb: fc.Arbitrary<number> = fc.oneof(
  fc.constantFrom(1e18, 1e300, -1e308, 2 ** 53 + 2, 1e15, 999999999999999, 2 ** 31, -1, 0, 0.1, 5e-324, 1e21),
  fc.integer(),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
);
const rawArb: fc.Arbitrary<Json> = fc
  .constantFrom('1e400', '-1e400', `1${'0'.repeat(400)}`, '123456789012345678901234567890', '0.0000000000000000000001')
  .map((raw) => ({ raw }));
const deepArb: fc.Arbitrary<Json> = fc
  .constantFrom(31, 33, 300, 5000)
  .map((n) => ({ raw: `${'['.repeat(n)}${']'.repeat(n)}` }));
const keyArb: fc.Arbitrary<string> = fc.oneof(
  { weight: 5, arbitrary: fc.constantFrom(...FIELD_NAMES) },
  { weight: 2, arbitrary: fc.constantFrom(...PROTOTYPE_KEYS) },
  { weight: 1, arbitrary: fc.string({ maxLength: 8 }) },
  { weight: 1, arbitrary: fc.constantFrom('a\u0000', '\u0000', '') },
);
const leafArb: fc.Arbitrary<Json> = fc.oneof(
  { weight: 5, arbitrary: stringArb },
  { weight: 2, arbitrary: numberArb },
  { weight: 1, arbitrary: fc.boolean() },
  { weight: 1, arbitrary: fc.constant(null) },
  { weight: 1, arbitrary: rawArb },
  { weight: 1, arbitrary: deepArb },
);
/** Any JSON: leaves above, small arrays, objects with field names, prototype keys and NULs as keys. */
const jsonArb: fc.Arbitrary<Json> = fc.letrec<{ value: Json; object: Json }>((tie) => ({
  value: fc.oneof(
    { depthSize: 'small' },
    { weight: 5, arbitrary: leafArb },
    { weight: 1, arbitrary: fc.array(tie('value'), { maxLength: 3 }) },
    { weight: 2, arbitrary: tie('object') },
  ),
  object: fc.array(fc.tuple(keyArb, tie('value')), { maxLength: 4 }).map((obj) => ({ obj })),
})).value;

/** A field of a valid body: a fixed value, or fresh ones where each must be unique (e-mails, blockchain ids). */
type BaseValue = Json | fc.Arbitrary<Json>;

/** A body: a valid one with some fields made hostile, the same wrapped in `data`, or anything at all. */
function bodyArb(base: Record<string, BaseValue>): fc.Arbitrary<Json> {
  const valid = fc.record(
    Object.fromEntries(
      Object.entries(base).map(([k, v]) => [k, v instanceof fc.Arbitrary ? v : fc.constant(v)]),
    ) as Record<string, fc.Arbitrary<Json>>,
  );
  const mutated = fc
    .tuple(valid, fc.array(fc.tuple(keyArb, jsonArb), { maxLength: 3 }))
    .map(([fields, overrides]): Json => {
      const keep = Object.entries(fields).filter(([k]) => !overrides.some(([o]) => o === k));
      return { obj: [...keep, ...overrides] };
    });
  return fc.oneof(
    { weight: 5, arbitrary: mutated },
    { weight: 1, arbitrary: mutated.map((inner): Json => ({ obj: [['data', inner]] })) },
    { weight: 2, arbitrary: jsonArb },
  );
}

/** `encodeURIComponent`, or `%00` for text it cannot encode (lone surrogates). */
function encode(text: string): string {
  try {
    return encodeURIComponent(text);
  } catch {
    return '%00';
  }
}

const QUERY_KEYS = ['search', 'page', 'limit', 'pageSize', 'exchange', 'expires', 'sig', ...PROTOTYPE_KEYS];
const queryValueArb = fc.oneof(
  { weight: 2, arbitrary: fc.constantFrom('1', '2', '0', '-1', '1e300', '0x10', '1.5', '99999999999', '', 'TW') },
  { weight: 3, arbitrary: stringArb },
);
/** A query string; a key may repeat (`?page=1&page=2` arrives as an array). */
const queryArb: fc.Arbitrary<string> = fc
  .array(fc.tuple(fc.constantFrom(...QUERY_KEYS), fc.array(queryValueArb, { minLength: 1, maxLength: 2 })), {
    maxLength: 3,
  })
  .map((pairs) => pairs.flatMap(([k, values]) => values.map((v) => `${k}=${encode(v)}`)).join('&'))
  .map((q) => (q ? `?${q}` : ''));

// ---------------------------------------------------------------------------------------------
// The app, its callers, and what a run asserts.

type Role = 'guest' | 'investor' | 'admin';
const ROLES: Role[] = ['guest', 'investor', 'admin'];

let t: TestApp;
let tokens: Record<Role, string | null>;
let ids: { userId: string; transactionId: string; planId: string; loginEmail: string };
let schema: GraphQLSchema;
// A database of this file's own: its row fingerprints must see only this file's writes, also when
// jest runs test files side by side.
let db: ScratchDatabase;
beforeAll(async () => {
  db = await createScratchDatabase();
  t = await startTestApp({}, { databaseUrl: db.url });
  const admin = await t.createUser(UserType.ADMIN);
  const investor = await t.createUser(UserType.INVESTOR);
  const target = await t.createUser(UserType.INVESTOR);
  const signsIn = await t.createUser(UserType.INVESTOR);
  tokens = { guest: null, investor: investor.token, admin: admin.token };
  const platinum = await t.services.ds.getRepository(Plan).findOneByOrFail({ name: 'Platinum' });
  const deposit = await t.http
    .post('/api/transaction/create')
    .set('authorization', `Bearer ${target.token}`)
    .send({ planId: platinum.id, crypto: 'bitcoin', amount: '40000', transactionId: '0xfuzzpending0001' });
  expect(deposit.status).toBe(201);
  ids = {
    userId: target.user.id,
    transactionId: deposit.body.data.id,
    planId: platinum.id,
    loginEmail: signsIn.user.email,
  };
  realistic.push(investor.user.email, target.user.id, ids.transactionId, platinum.id, 'bc1qexampleaddress000001');
  // Never the callers' password: a password change that succeeds would end the sessions the runs use.
  realistic.push('Fuzz Person', 'GB', '1234', '150', '40000', '0xfuzz-blockchain-id');
  schema = await buildAppSchema(null);
  fingerprint = await rowFingerprint(t.services.ds);
});
afterAll(async () => {
  await t?.close();
  await db?.drop();
});

/** The guarded tables after the previous request (one query per run instead of two). */
let fingerprint: Record<string, string>;

/** Checks the answer: never a 5xx or INTERNAL error; when refused, no guarded row changed. */
async function checkAnswer(res: Response, refused: boolean): Promise<void> {
  const after = await rowFingerprint(t.services.ds);
  const before = fingerprint;
  fingerprint = after;
  expect(res.status).toBeLessThan(500);
  const internal = ((res.body?.errors ?? []) as { code?: string; extensions?: { code?: string } }[]).filter(
    (e) => e.code === 'INTERNAL' || e.extensions?.code === 'INTERNAL_SERVER_ERROR',
  );
  expect(internal).toEqual([]);
  if (refused) expect(after).toEqual(before);
}

/** Runs the property `RUNS` times; a failure names the endpoint and the seed to replay it. */
async function fuzz<T>(
  endpoint: string,
  arb: fc.Arbitrary<T>,
  send: (input: T) => Promise<Response>,
  refused: (res: Response) => boolean,
) {
  const started = Date.now();
  const statuses: Record<number, number> = {};
  const result = await fc.check(
    fc.asyncProperty(arb, async (input) => {
      const res = await send(input);
      statuses[res.status] = (statuses[res.status] ?? 0) + 1;
      await checkAnswer(res, refused(res));
    }),
    { numRuns: RUNS, seed: SEED },
  );
  if (process.env.FUZZ_STATS) {
    process.stdout.write(`${endpoint}: ${Date.now() - started} ms ${JSON.stringify(statuses)}\n`);
  }
  if (result.failed) {
    throw new Error(`${endpoint} (replay with FUZZ_SEED=${SEED}): ${fc.defaultReportMessage(result)}`);
  }
}

/** Role of a run: mostly the one the endpoint is for, sometimes the others. */
const roleArb = (natural: Role | null) =>
  natural
    ? fc.oneof({ weight: 3, arbitrary: fc.constant(natural) }, { weight: 1, arbitrary: fc.constantFrom(...ROLES) })
    : fc.constantFrom(...ROLES);

// ---------------------------------------------------------------------------------------------
// REST: every route the router serves (found in its route table), with a realistic base body.

interface RestRoute {
  method: string;
  path: string;
}

/** One generated REST request. */
interface RestInput {
  role: Role;
  params: string[];
  query: string;
  body: Json;
  sendBody: boolean;
}

/** A fresh value per run, so valid requests keep succeeding instead of hitting "already exists". */
const fresh = (prefix: string, suffix = '') =>
  fc.stringMatching(/^[a-z0-9]{10}$/).map((id): Json => `${prefix}${id}${suffix}`);

/** The role and a valid body of the known routes; routes added later are fuzzed with `{}` as anyone. */
const REST_BASES: Record<string, [Role, Record<string, BaseValue>]> = {
  'POST /user/create': [
    'guest',
    { fullName: 'Fuzz Person', email: fresh('fuzz-', '@example.test'), country: 'GB', password: 'password123' },
  ],
  'POST /user/login': ['guest', { email: '<loginEmail>', password: TEST_PASSWORD }],
  'GET /user': ['investor', {}],
  'PUT /user': ['investor', { city: 'Paris', fullName: 'Fuzz Person' }],
  // A wrong old password: a right one would end the session every later run relies on.
  'PUT /user/password': ['investor', { oldPassword: 'not-the-password', newPassword: 'another-password1' }],
  'GET /user/users': ['admin', {}],
  'PUT /user/:userId': ['admin', { fullName: 'Fuzzed Name', isPremium: true }],
  'POST /auth/verify-email': ['guest', { email: 'fuzz-login@example.test', otp: '1234' }],
  'POST /auth/resendOTP': ['guest', { email: 'fuzz-login@example.test', activity: 'verify_email' }],
  'PUT /auth/password': ['guest', { password: 'password123', token: 'not-a-reset-token' }],
  'POST /auth/password/verify': ['guest', { email: 'fuzz-login@example.test', otp: '1234' }],
  'GET /account': ['investor', {}],
  'PUT /account': ['investor', { wallet: { obj: [['bitcoin', 'bc1qexampleaddress000001']] } }],
  'GET /account/all': ['admin', {}],
  'PUT /account/:userId': [
    'admin',
    { balance: fc.constantFrom('100', '$1,000.5', MAX_ACCOUNT_AMOUNT, '1000000000000000'), reason: 'fuzz' },
  ],
  'GET /account/:userId/history': ['admin', {}],
  'POST /transaction/create': [
    'investor',
    {
      planId: '<planId>',
      crypto: 'bitcoin',
      amount: fc.constantFrom('40000', '30000.50', MAX_TRANSACTION_AMOUNT, '1000000000.01', '999999999999999999.99'),
      transactionId: fresh('0xfuzz'),
      trxType: fc.constantFrom('DEPOSIT', 'WITHDRAWAL'),
      wallet: 'bc1qexampleaddress000001',
    },
  ],
  'GET /transaction/all': ['investor', {}],
  'GET /transaction/transactions': ['admin', {}],
  'PUT /transaction/:id': ['admin', { status: 'CONFIRMED' }],
  'GET /wallets': ['guest', {}],
  'GET /coins': ['investor', {}],
  'GET /plans': ['guest', {}],
  'GET /site': ['guest', {}],
  'POST /contact': [
    'guest',
    { name: 'Fuzz Person', email: 'fuzz@example.test', message: 'A message from the fuzzer.' },
  ],
  'GET /upload/:id': ['guest', {}],
};

/** SPEC §7 paths: the route table must serve each (proves the discovery below found the router's routes). */
const SPEC_PATHS = [
  'POST /user/create',
  'POST /user/login',
  'GET /user',
  'PUT /user',
  'PUT /user/password',
  'GET /user/users',
  'PUT /user/:userId',
  'POST /auth/verify-email',
  'POST /auth/resendOTP',
  'PUT /auth/password',
  'POST /auth/password/verify',
  'GET /account',
  'PUT /account',
  'GET /account/all',
  'PUT /account/:userId',
  'POST /transaction/create',
  'GET /transaction/all',
  'GET /transaction/transactions',
  'PUT /transaction/:id',
  'GET /wallets',
];

/** Multipart, not JSON: fuzzed by the upload tests. */
const NOT_JSON = new Set(['POST /upload']);

/** Every method and path in the REST router's table. */
function restRoutes(): RestRoute[] {
  const stack = (restRouter(t.services) as unknown as { stack: { route?: { path: string; methods: object } }[] }).stack;
  return stack.flatMap((layer) =>
    layer.route
      ? Object.keys(layer.route.methods)
          .filter((m) => m !== '_all')
          .map((m) => ({ method: m.toUpperCase(), path: layer.route!.path }))
      : [],
  );
}

/** A path parameter: the real id it names, another uuid, or anything. */
function paramArb(name: string, route: string): fc.Arbitrary<string> {
  const real = name === 'userId' ? ids.userId : route.startsWith('PUT /transaction') ? ids.transactionId : null;
  return fc
    .oneof(
      { weight: real ? 2 : 0, arbitrary: fc.constant(real ?? '') },
      { weight: 1, arbitrary: fc.uuid() },
      { weight: 2, arbitrary: stringArb },
    )
    .map(encode);
}

/** One request to a REST route. */
function restArb(route: RestRoute): fc.Arbitrary<RestInput> {
  const key = `${route.method} ${route.path}`;
  const [natural, rawBase] = REST_BASES[key] ?? [null, {}];
  const placeholders: Record<string, string> = { '<planId>': ids.planId, '<loginEmail>': ids.loginEmail };
  const base = Object.fromEntries(
    Object.entries(rawBase).map(([k, v]) => [k, typeof v === 'string' ? (placeholders[v] ?? v) : v]),
  );
  const names = [...route.path.matchAll(/:(\w+)/g)].map((m) => m[1]);
  const params = fc.tuple(...names.map((n) => paramArb(n, key))) as fc.Arbitrary<string[]>;
  return fc.record({ role: roleArb(natural), params, query: queryArb, body: bodyArb(base), sendBody: fc.boolean() });
}

/** Sends one generated REST request. */
function sendRest(route: RestRoute, { role, params, query, body, sendBody }: RestInput) {
  let i = 0;
  const path = route.path.replace(/:(\w+)/g, () => params[i++]);
  const method = route.method.toLowerCase() as 'get' | 'post' | 'put';
  const req = t.http[method](`/api${path}${query}`);
  if (tokens[role]) req.set('authorization', `Bearer ${tokens[role]}`);
  // GETs carry a body only sometimes: parsers and the guard must cope either way.
  if (method !== 'get' || sendBody) req.set('content-type', 'application/json').send(jsonText(body));
  return req;
}

describe('REST fuzzing', () => {
  it('finds every SPEC §7 path in the router', () => {
    const served = restRoutes().map((r) => `${r.method} ${r.path}`);
    expect(served).toEqual(expect.arrayContaining(SPEC_PATHS));
  });

  it(
    'answers no hostile request with a 5xx, and changes nothing when it refuses',
    async () => {
      const routes = restRoutes().filter((r) => !NOT_JSON.has(`${r.method} ${r.path}`));
      for (const route of routes) {
        await fuzz(
          `${route.method} /api${route.path}`,
          restArb(route),
          (input) => sendRest(route, input),
          (res) => res.status >= 400,
        );
      }
    },
    TIMEOUT_MS,
  );
});

// ---------------------------------------------------------------------------------------------
// GraphQL: every root field with arguments, from the built schema, by variables or inline literals.

const GRAPHQL_NAME = /^[_A-Za-z][_0-9A-Za-z]*$/;

/** A value for an argument or input field of `type`: typed but hostile, now and then of another type. */
function typedArb(type: GraphQLInputType, name: string): fc.Arbitrary<Json> {
  const typed = typedValueArb(type, name);
  return fc.oneof({ weight: 12, arbitrary: typed }, { weight: 1, arbitrary: jsonArb });
}

/** Plausible values by argument or field name, so runs get past the first checks to deeper code. */
function plausible(name: string): fc.Arbitrary<Json> | null {
  const byName: Record<string, () => fc.Arbitrary<Json>> = {
    userId: () => fc.constant(ids.userId),
    id: () => fc.constant(ids.transactionId),
    planId: () => fc.constant(ids.planId),
    crypto: () => fc.constantFrom('bitcoin', 'usdt', 'ethereum'),
    transactionId: () => fresh('0xfuzz'),
    wallet: () => fc.constant('bc1qexampleaddress000001'),
    amount: () =>
      fc.constantFrom('40000', '150.5', MAX_TRANSACTION_AMOUNT, '1000000000.01', '999999999999999999.99', 40000),
    email: () => fc.constantFrom(realistic[0], 'fuzz@example.test'),
    ...Object.fromEntries(
      ACCOUNT_BUCKETS.map((b) => [b, () => fc.constantFrom('1', '$1,000.5', MAX_ACCOUNT_AMOUNT, '1000000000000000')]),
    ),
  };
  return byName[name]?.() ?? null;
}

/** A value of `type` (hostile strings and numbers, enum values, input objects), plausible by name half the time. */
function typedValueArb(type: GraphQLInputType, name: string): fc.Arbitrary<Json> {
  if (isNonNullType(type)) return typedValueArb(type.ofType, name);
  if (isListType(type)) return fc.array(typedArb(type.ofType, name), { maxLength: 3 });
  if (isEnumType(type)) {
    const values = type.getValues().map((v) => v.name);
    return fc.oneof({ weight: 4, arbitrary: fc.constantFrom(...values) }, { weight: 1, arbitrary: stringArb });
  }
  if (isInputObjectType(type)) {
    const fields = Object.values(type.getFields()).map((f) =>
      fc.option(fc.tuple(fc.constant(f.name), typedArb(f.type, f.name)), { freq: isNonNullType(f.type) ? 10 : 3 }),
    );
    const extra = fc.option(fc.tuple(keyArb, jsonArb), { freq: 6 });
    return fc.tuple(fc.tuple(...fields), extra).map(([present, more]): Json => ({
      obj: [...present.filter((f): f is [string, Json] => f !== null), ...(more ? [more] : [])],
    }));
  }
  const likely = plausible(name);
  const hostile = hostileScalarArb(getNamedType(type).name);
  return likely ? fc.oneof(likely, hostile) : hostile;
}

/** A hostile value of a scalar type; ID and custom scalars (Money) also get numbers, which they accept. */
function hostileScalarArb(scalar: string): fc.Arbitrary<Json> {
  switch (scalar) {
    case 'Int':
      return fc.oneof(fc.integer({ min: -5, max: 200 }), fc.constantFrom(2 ** 31 - 1, -(2 ** 31), 1_000_001));
    case 'Float':
      return numberArb;
    case 'Boolean':
      return fc.boolean();
    case 'ID':
      return fc.oneof(fc.uuid(), stringArb, fc.integer());
    case 'String':
      return stringArb;
    default:
      return fc.oneof(stringArb, numberArb, rawArb);
  }
}

/** `value` as a GraphQL literal (enum values bare); keys that are not GraphQL names are left out. */
function literal(value: Json, enumType: boolean): string {
  if (Array.isArray(value)) return `[${value.map((v) => literal(v, enumType)).join(', ')}]`;
  if (isRaw(value)) return value.raw;
  if (isObj(value)) {
    const fields = value.obj.filter(([k]) => GRAPHQL_NAME.test(k)).map(([k, v]) => `${k}: ${literal(v, false)}`);
    return `{${fields.join(', ')}}`;
  }
  if (typeof value === 'string' && enumType && GRAPHQL_NAME.test(value)) return value;
  return JSON.stringify(value) ?? 'null';
}

/** The selection a field's return type needs: `{ __typename }` for objects, nothing for scalars. */
const selectionFor = (field: GraphQLField<unknown, unknown>) =>
  isLeafType(getNamedType(field.type)) ? '' : '{ __typename }';

/** Who a root field is for, from its `@auth(requires:)` mark (none: public). */
function naturalRole(field: GraphQLField<unknown, unknown>): Role {
  const requires = getDirective(schema, field, 'auth')?.[0]?.requires as string | undefined;
  return requires === 'ADMIN' ? 'admin' : requires ? 'investor' : 'guest';
}

/** One request to a root field: its arguments by variables or inline, and who asks. */
function graphqlArb(field: GraphQLField<unknown, unknown>) {
  const args = fc.tuple(
    ...field.args.map((a) => fc.option(typedArb(a.type, a.name), { freq: isNonNullType(a.type) ? 12 : 2 })),
  );
  return fc.record({ role: roleArb(naturalRole(field)), args, inline: fc.boolean() });
}

/** Sends one generated GraphQL request. */
function sendGraphQL(
  operation: 'query' | 'mutation',
  field: GraphQLField<unknown, unknown>,
  input: { role: Role; args: (Json | null)[]; inline: boolean },
) {
  const sent = field.args.map((a, i) => [a, input.args[i]] as const).filter(([, v]) => v !== null);
  let document: string;
  let variables = '{}';
  if (input.inline) {
    const args = sent.map(([a, v]) => `${a.name}: ${literal(v!, isEnumType(getNamedType(a.type)))}`).join(', ');
    document = `${operation} { ${field.name}${args ? `(${args})` : ''} ${selectionFor(field)} }`;
  } else {
    const defs = field.args.map((a) => `$${a.name}: ${a.type.toString()}`).join(', ');
    const args = field.args.map((a) => `${a.name}: $${a.name}`).join(', ');
    document = `${operation}(${defs}) { ${field.name}(${args}) ${selectionFor(field)} }`;
    variables = `{${sent.map(([a, v]) => `${JSON.stringify(a.name)}:${jsonText(v!)}`).join(',')}}`;
  }
  const req = t.http.post('/graphql').set('content-type', 'application/json');
  if (tokens[input.role]) req.set('authorization', `Bearer ${tokens[input.role]}`);
  return req.send(`{"query":${JSON.stringify(document)},"variables":${variables}}`);
}

describe('GraphQL fuzzing', () => {
  for (const operation of ['query', 'mutation'] as const) {
    it(
      `answers no hostile ${operation} with a 5xx or INTERNAL error, and changes nothing when it refuses`,
      async () => {
        const root = operation === 'query' ? schema.getQueryType() : schema.getMutationType();
        const fields = Object.values(root!.getFields()).filter((f) => f.args.length > 0);
        expect(fields.length).toBeGreaterThan(operation === 'query' ? 4 : 10);
        for (const field of fields) {
          await fuzz(
            `${operation} ${field.name}`,
            graphqlArb(field),
            (input) => sendGraphQL(operation, field, input),
            (res) => res.status >= 400 || (res.body?.errors ?? []).length > 0,
          );
        }
      },
      TIMEOUT_MS,
    );
  }
});
