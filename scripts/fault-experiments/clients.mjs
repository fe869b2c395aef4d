// The load clients: every HTTP request of the experiments goes through `call`, which records its
// outcome (status, "no response (code)" or a hang); the bounded load loop, registrations, uploads.
import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { crc32, deflateSync } from 'node:zlib';
import { causeCode, now } from './util.mjs';

const { AbortSignal, FormData, Blob } = globalThis;

/** A client gives up on a request after this long and records it as a hang. */
export const REQUEST_TIMEOUT_MS = 15_000;
/** The password of every investor the experiments register. */
export const PASSWORD = 'fault-experiment-password-1';
/** The kinds of request the load sends; recovery is the first success of one of them. */
const LOAD_KINDS = new Set(['withdrawal', 'plans', 'me']);

/** A real 1x1 RGBA PNG (signature, IHDR, IDAT, IEND with valid CRCs). */
function tinyPng() {
  const chunk = (type, data) => {
    const len = Buffer.alloc(4);
    len.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([len, body, crc]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(1, 0);
  ihdr.writeUInt32BE(1, 4);
  ihdr.set([8, 6, 0, 0, 0], 8);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(Buffer.from([0, 20, 120, 220, 255]))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}
const PNG = tinyPng();

/** One HTTP request, recorded with its outcome: the status, or "no response (code)", or a hang. */
export async function call(inst, kind, method, urlPath, { token, body, form, headers = {}, rec } = {}) {
  const h = { ...headers };
  if (token) h.authorization = `Bearer ${token}`;
  let payload;
  if (form) payload = form;
  else if (body !== undefined) {
    h['content-type'] = 'application/json';
    payload = JSON.stringify(body);
  }
  const r = { kind, inst: inst.name, t0: now(), t1: 0, status: null, label: '', retryAfter: null, json: null };
  try {
    const res = await fetch(inst.base + urlPath, {
      method,
      headers: h,
      body: payload,
      signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
    });
    r.status = res.status;
    r.retryAfter = res.headers.get('retry-after');
    r.replayed = res.headers.get('idempotent-replayed') === 'true';
    const text = await res.text();
    try {
      r.json = JSON.parse(text);
    } catch {
      r.json = null;
    }
    r.label = String(res.status);
  } catch (err) {
    const code = causeCode(err);
    r.error = code;
    if (err?.name === 'TimeoutError') r.label = `hang (no answer in ${REQUEST_TIMEOUT_MS / 1000} s)`;
    else if (r.status !== null) r.label = `${r.status} (body cut: ${code})`;
    else r.label = `no response (${code})`;
  }
  r.t1 = now();
  rec?.add(r);
  return r;
}

/** A request that succeeded as a client sees it (a `me` answered 200 with errors does not count). */
export const isSuccess = (r) =>
  (r.status === 200 || r.status === 201) && !r.error && (r.kind !== 'me' || Boolean(r.json?.data?.me?.id));

/** The requests of one experiment; withdrawal ids that got a 201 and requests by key go to ctx. */
export class Recorder {
  constructor(ctx) {
    this.ctx = ctx;
    this.records = [];
  }

  add(r) {
    this.records.push(r);
    if (r.kind === 'withdrawal' || r.kind === 'withdrawal-retry') {
      if (r.status === 201 && r.json?.data?.id) {
        r.id = r.json.data.id;
        this.ctx.ids201.add(r.id);
      }
      if (r.kind === 'withdrawal') this.ctx.byKey.set(r.key, r);
    }
    if (r.kind === 'me' && r.status !== null && !isSuccess(r) && r.json?.errors?.[0]) {
      r.label = `${r.status} (${r.json.errors[0].extensions?.code ?? 'error'})`;
    }
  }
}

/** A withdrawal of `amount` to the investor's saved address, with an Idempotency-Key (the money request). */
export async function withdraw(inst, user, amount, rec, key = randomUUID(), kind = 'withdrawal') {
  const body = { trxType: 'WITHDRAWAL', crypto: user.coin, amount, wallet: user.wallet };
  // The key is attached before the record is added (the recorder indexes withdrawals by key).
  const tagged = {
    add: (r) => {
      r.key = key;
      r.body = body;
      rec.add(r);
    },
  };
  return call(inst, kind, 'POST', '/api/transaction/create', {
    token: user.token,
    body,
    headers: { 'idempotency-key': key },
    rec: tagged,
  });
}

/** A proof-image upload (PNG), what experiment 6 breaks. */
export function upload(inst, user, rec) {
  const form = new FormData();
  form.append('file', new Blob([PNG], { type: 'image/png' }), 'proof.png');
  return call(inst, 'upload', 'POST', '/api/upload', { token: user.token, form, rec });
}

/** An instance's /readyz status and body (not recorded): what a load balancer would see. */
export async function readyz(inst) {
  try {
    const res = await fetch(`${inst.base}/readyz`, { signal: AbortSignal.timeout(3000) });
    return { status: res.status, body: await res.json().catch(() => null) };
  } catch (err) {
    return { status: null, body: null, error: causeCode(err) };
  }
}

/**
 * Bounded load: `clients` loops, each a withdrawal, a plans read and a `me` query in turn, alternating
 * `targets` (the instances; experiment 7 passes Caddy, `{ name, base }`, instead).
 */
export function startLoad(ctx, rec, targets = ctx.instances) {
  const { clients, thinkMs, maxRequests } = ctx.settings;
  let stopped = false;
  let turn = 0;
  const kinds = ['withdrawal', 'plans', 'me'];
  const worker = async (i) => {
    const user = ctx.investors[i % ctx.investors.length];
    for (let n = i; !stopped && rec.records.length < maxRequests; n++) {
      const inst = targets[turn++ % targets.length];
      const kind = kinds[n % kinds.length];
      if (kind === 'withdrawal') await withdraw(inst, user, ctx.money.withdrawal, rec);
      else if (kind === 'plans') await call(inst, 'plans', 'GET', '/api/plans', { rec });
      else await call(inst, 'me', 'POST', '/graphql', { token: user.token, body: { query: '{ me { id } }' }, rec });
      await sleep(thinkMs);
    }
  };
  const done = Promise.all(Array.from({ length: clients }, (_, i) => worker(i)));
  return {
    async stop() {
      stopped = true;
      await done;
    },
  };
}

/** ms from `from` to the first successful load request answered by `inst` at or after it (null: none), the time to recover. */
export function recoveryMs(rec, from, instName) {
  let first = null;
  for (const r of rec.records)
    if (
      r.inst === instName &&
      LOAD_KINDS.has(r.kind) &&
      isSuccess(r) &&
      r.t1 >= from &&
      (first === null || r.t1 < first)
    )
      first = r.t1;
  return first === null ? null : first - from;
}

/** Waits until every one of `targets` has recovered from the fault that ended at `from`, at most --cap-seconds. */
export async function waitRecovered(ctx, rec, from, targets = ctx.instances) {
  const deadline = from + ctx.settings.capMs;
  while (now() < deadline) {
    if (targets.every((i) => recoveryMs(rec, from, i.name) !== null)) return;
    await sleep(100);
  }
}

/** Registers `n` new users through the API, two at a time across the instances (seeding and the mail experiments). */
export async function registerMany(ctx, rec, n, tag) {
  const out = [];
  let next = 0;
  const worker = async () => {
    while (next < n) {
      const i = next++;
      const email = `fx-${ctx.settings.runId}-${tag}-${i}@example.test`;
      const inst = ctx.instances[i % ctx.instances.length];
      const r = await call(inst, 'register', 'POST', '/api/user/create', {
        body: { fullName: 'Fault Experiment', email, country: 'GB', password: PASSWORD },
        rec,
      });
      r.email = email;
      out.push(r);
    }
  };
  await Promise.all(Array.from({ length: 2 }, worker));
  return out;
}

/** How many of `emails` verify with the code that arrived for them: proof the mails were the real ones. */
export async function verifyCodes(ctx, emails) {
  let ok = 0;
  for (const [i, email] of emails.entries()) {
    const inst = ctx.instances[i % ctx.instances.length];
    const r = await call(inst, 'verify', 'POST', '/api/auth/verify-email', {
      body: { email, otp: ctx.sink.codes.get(email).code },
    });
    if (r.status === 200) ok++;
  }
  return ok;
}
