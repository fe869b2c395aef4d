import { expect, type APIRequestContext } from '@playwright/test';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { generate } from 'otplib';
import { waitForMail } from './mail';
import { serverNow } from './serverClock';

/**
 * Second factors for the browser tests (issue 13). Authenticator codes are checked against the
 * e2e server's movable clock, so they are always made at the *server's* time; each 30-second
 * step is accepted once per user, so signing in again soon after first moves that clock on.
 */

/** The administrator e2e/serve.mjs seeds. */
export const ADMIN = { email: 'admin@e2e.test', password: 'e2e-admin-password' } as const;

/**
 * Where the seeded admin's authenticator secret and latest token live during one e2e run (each
 * Playwright worker is its own process; the file is shared). e2e/serve.mjs deletes it when it
 * starts, as the database is fresh then.
 */
export const ADMIN_TOTP_FILE = path.resolve(__dirname, '..', '.data', 'e2e-admin-totp.json');

/** A token is reused while younger than this (tokens live at most 60 minutes). */
const TOKEN_REUSE_MS = 40 * 60 * 1000;

/** What ADMIN_TOTP_FILE holds. */
interface AdminSecrets {
  secret: string;
  token?: string;
  /** When `token` was issued (ms, this machine's clock). */
  tokenAt?: number;
}

let cached: AdminSecrets | null = null;

/**
 * The authenticator code for `secret` at the server's time. `fresh` first moves the server's
 * clock 30 s on, so the code is of a later step than any already accepted for this user.
 */
export async function totpCode(request: APIRequestContext, secret: string, fresh = true): Promise<string> {
  const now = await serverNow(request, fresh ? 30 : 0);
  return generate({ secret, epoch: Math.floor(now / 1000) });
}

/** A 6-digit code that is certainly not the current one. */
export function wrongCode(right: string): string {
  return String((Number(right) + 500_000) % 1_000_000).padStart(6, '0');
}

/** The seeded admin's secret and token as last stored, or null. */
function readSecrets(): AdminSecrets | null {
  if (cached) return cached;
  if (!existsSync(ADMIN_TOTP_FILE)) return null;
  cached = JSON.parse(readFileSync(ADMIN_TOTP_FILE, 'utf8')) as AdminSecrets;
  return cached;
}

/** Stores the seeded admin's secret (and token): a spec that re-enrols the admin in the UI calls it too. */
export function rememberAdmin(secrets: AdminSecrets): void {
  cached = { ...secrets, tokenAt: secrets.token ? (secrets.tokenAt ?? Date.now()) : undefined };
  mkdirSync(path.dirname(ADMIN_TOTP_FILE), { recursive: true });
  writeFileSync(ADMIN_TOTP_FILE, JSON.stringify(cached, null, 2));
}

/** The enrolment code in the mail an administrator gets from `POST /api/user/security/enrolment-code`. */
export const ENROLMENT_CODE_IN_MAIL = /enrolment code: ([a-z2-9]{4}-[a-z2-9]{4}-[a-z2-9]{4}-[a-z2-9]{4})/;

/** Mails the holder of `token` (an admin without a second factor) an enrolment code and reads it from the receiver. */
export async function mailedEnrolmentCode(request: APIRequestContext, token: string, email: string): Promise<string> {
  const since = Date.now() - 1000;
  const sent = await request.post('/api/user/security/enrolment-code', {
    headers: { authorization: `Bearer ${token}` },
  });
  expect(sent.status(), await sent.text()).toBe(202);
  return waitForMail(email, ENROLMENT_CODE_IN_MAIL, since);
}

/**
 * Sets up an authenticator for the holder of `token` over REST (an administrator's first one with
 * `enrolmentCode`); returns the secret and the new token.
 */
export async function enrolTotp(
  request: APIRequestContext,
  token: string,
  enrolmentCode?: string,
): Promise<{ secret: string; token: string }> {
  const headers = { authorization: `Bearer ${token}` };
  const started = await request.post('/api/user/security/totp', { headers });
  expect(started.status(), await started.text()).toBe(201);
  const { secret } = (await started.json()).data as { secret: string };
  const code = await totpCode(request, secret, false);
  const confirmed = await request.post('/api/user/security/totp/confirm', { headers, data: { code, enrolmentCode } });
  expect(confirmed.status(), await confirmed.text()).toBe(200);
  return { secret, token: (await confirmed.json()).data.token as string };
}

/** True when `token` still works and its owner has a second factor set up. */
async function stillEnrolled(request: APIRequestContext, token: string): Promise<boolean> {
  const res = await request.get('/api/user/security', { headers: { authorization: `Bearer ${token}` } });
  if (res.status() !== 200) return false;
  const { totpEnabled, passkeys } = (await res.json()).data as { totpEnabled: boolean; passkeys: unknown[] };
  return totpEnabled || passkeys.length > 0;
}

/**
 * A back-office token for the seeded admin, proven with a second factor. The first call of a run
 * signs in and, the admin having no second factor yet, sets up an authenticator over REST and
 * keeps its secret in ADMIN_TOTP_FILE; later calls reuse the token, or sign in again with a code.
 * An admin left without a factor (a failed run of the enrolment spec) is enrolled again.
 */
export async function seededAdminToken(request: APIRequestContext): Promise<string> {
  const stored = readSecrets();
  if (stored?.token && Date.now() - (stored.tokenAt ?? 0) < TOKEN_REUSE_MS) {
    if (await stillEnrolled(request, stored.token)) return stored.token;
  }
  const login = await request.post('/api/user/login', { data: ADMIN });
  expect(login.status(), await login.text()).toBe(200);
  const answer = (await login.json()).data as { token?: string; secondFactorRequired?: boolean; ticket?: string };
  if (answer.token) {
    // No second factor yet: the token only allows setting one up, with the e-mailed enrolment code.
    const enrolmentCode = await mailedEnrolmentCode(request, answer.token, ADMIN.email);
    const enrolled = await enrolTotp(request, answer.token, enrolmentCode);
    rememberAdmin(enrolled);
    return enrolled.token;
  }
  if (!stored?.secret) throw new Error(`the admin uses two-factor sign-in but ${ADMIN_TOTP_FILE} has no secret`);
  const code = await totpCode(request, stored.secret);
  const finished = await request.post('/api/user/login/second-factor', { data: { ticket: answer.ticket, code } });
  expect(finished.status(), await finished.text()).toBe(200);
  const token = (await finished.json()).data.token as string;
  if (!(await stillEnrolled(request, token))) throw new Error('signed in with a code but no factor is set up');
  rememberAdmin({ secret: stored.secret, token });
  return token;
}

/** The seeded admin's authenticator secret (call `seededAdminToken` first). */
export function adminSecret(): string {
  const secret = readSecrets()?.secret;
  if (!secret) throw new Error(`no admin secret in ${ADMIN_TOTP_FILE} yet`);
  return secret;
}

/** A fresh authenticator code for the seeded admin (enrolling it first if needed), for a sign-in in the UI. */
export async function adminCode(request: APIRequestContext): Promise<string> {
  await seededAdminToken(request);
  return totpCode(request, adminSecret());
}
