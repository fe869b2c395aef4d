import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { DEFAULT_MIN_WITHDRAWAL, parseSiteConfig, type SiteConfig } from '@cryptovest/common';
import { readTrustProxy, type TrustProxy } from './trust-proxy';
import { bool, int, list, Problems, withSecretFiles, type Env } from './config-parse';
import type { SealingKeys } from './secret-box';
import { chainSettings, type ChainConfig } from './chain-settings';

/** Repository root: config paths in env are resolved against it so `npm start` works from anywhere. */
export const REPO_ROOT = path.resolve(__dirname, '..', '..', '..');

/** Typed, frozen server configuration. Nothing else in the server reads process.env. */
export interface Config {
  nodeEnv: 'development' | 'production' | 'test';
  isProduction: boolean;
  port: number;
  host: string;
  /** Unset: an embedded PostgreSQL is started under `dataDir/pg`. */
  databaseUrl: string | null;
  /** How long a statement may run and a connection may take to open (outages answer 503 in time), and the pool's size. */
  database: DatabaseLimits;
  dataDir: string;
  embeddedPgPort: number;
  /** JWT_SECRET: signs session tokens (and upload links); its key id goes in each token's header. */
  jwtSecret: string;
  /**
   * JWT_SECRETS_PREVIOUS: secrets that still verify (comma-separated), so a key rotation signs
   * nobody out and instances on either side of a rolling restart accept each other's tokens.
   */
  jwtSecretsPrevious: readonly string[];
  jwtTtlMinutes: number;
  /**
   * TOTP_ENCRYPTION_KEY (seals) and TOTP_ENCRYPTION_KEYS_PREVIOUS (still open): 32-byte keys, 64 hex
   * characters or base64, that encrypt authenticator and webhook secrets at rest.
   */
  sealingKeys: SealingKeys;
  /** Who passkeys are bound to (WebAuthn relying party): PUBLIC_URL's host name and origin. */
  webauthn: { rpId: string; origin: string };
  smtpUrl: string | null;
  /** SMTP connection, greeting and socket-inactivity timeout: a mail server that never answers fails fast. */
  smtpTimeoutMs: number;
  mailFrom: string;
  publicUrl: string;
  /** UPLOAD_STORAGE: where upload bytes live; `postgres` (default) needs nothing beside the database. */
  uploadStorage: UploadStorageDriver;
  /** UPLOAD_DIR: the `disk` driver's directory (also the default source of `uploads:move`). */
  uploadDir: string;
  /** The `s3` driver's bucket and connection (S3_*); null unless S3_BUCKET is set. */
  s3: S3Settings | null;
  /** Largest proof image accepted (bytes), and how long its signed links stay valid. */
  uploadMaxBytes: number;
  uploadLinkTtlSeconds: number;
  /** Most pixels (width x height, read from the header) an image may claim: no decompression bombs. */
  uploadMaxPixels: number;
  /** Most bytes one user's stored uploads may take together. */
  uploadUserQuotaBytes: number;
  /**
   * PROOF_URL_HOSTS: hosts whose https links a deposit may give as its proof image instead of an
   * upload (legacy clients send a URL); empty (the default) accepts only the investor's own uploads.
   */
  proofUrlHosts: readonly string[];
  /**
   * CORS_ORIGINS: web origins whose pages may call the API from a browser (comma-separated, e.g.
   * `https://app.partner.example`), or `*` for any (never with credentials); empty (the default): none.
   */
  corsOrigins: readonly string[] | '*';
  otpLength: number;
  logLevel: string;
  /** LOG_FORMAT: `pretty` (readable lines; the default in development) or `json` (the default elsewhere). */
  logFormat: 'json' | 'pretty';
  walletsFile: string;
  /**
   * EXAMPLE_WALLETS_ALLOWED: whether WALLETS_FILE may hold the example file's addresses (EXAMPLE-…,
   * not real: deposits sent there are lost). Off by default in production, where such a file stops
   * the start whatever it is called; the local Docker run (docker-compose.override.yml) turns it on.
   */
  exampleWalletsAllowed: boolean;
  adminEmail: string | null;
  /** ADMIN_PASSWORD: the password of the admin ADMIN_EMAIL creates; applied to an existing admin only with `adminPasswordReset`. */
  adminPassword: string | null;
  /** ADMIN_PASSWORD_RESET: the operator's explicit flag to set ADMIN_PASSWORD on an existing admin at this start. */
  adminPasswordReset: boolean;
  clientDist: string;
  /** Server renderer of the public pages (built with the client); absent -> plain SPA shell. */
  clientSsrEntry: string;
  /** TRUST_PROXY: which proxies' `X-Forwarded-For` entries are believed (trust-proxy.ts): false, hops, or addresses. */
  trustProxy: TrustProxy;
  /** Adds `Server-Timing: db;desc="n queries"` to every response (benchmarks, diagnosis). */
  serverTiming: boolean;
  bodyLimit: string;
  /** Query limits; maxTokens is enforced while parsing, so huge documents stop before they cost anything. */
  graphql: { maxDepth: number; maxAliases: number; maxCost: number; maxTokens: number; introspection: boolean };
  signupBonus: string;
  /** Hours a changed (not first) withdrawal address waits before it can receive money. */
  withdrawalAddressCooldownHours: number;
  /** MIN_WITHDRAWAL: smallest withdrawal in dollars (decimal string); also in `site` for the withdraw form. */
  minWithdrawal: string;
  /** The operator's public content (SITE_FILE over neutral defaults), served to the web client. */
  site: SiteConfig;
  /** Limits that hold across instances (Postgres-backed). Per-IP ones are loosened in tests. */
  rateLimits: {
    /** Password checks per (account, IP) per 15 minutes: the strict limit on one source. */
    loginFailuresPerAccountIp: number;
    /** Password checks per account per day from all sources: high, so strangers can't lock owners out. */
    loginFailuresPerAccount: number;
    /** Failed e-mail code checks per account per day, across codes and purposes. */
    otpFailuresPerDay: number;
    /** Failed e-mail code checks per (account, IP) per hour: one source can't spend the whole day's budget. */
    otpFailuresPerAccountIpHourly: number;
    /** Wrong authenticator, recovery and enrolment codes per account per day (apart from e-mail codes). */
    secondFactorFailuresPerDay: number;
    requestsPerIpHourly: number;
    contactMessagesPerIpHourly: number;
    uploadsPerUserHourly: number;
    graphqlGuestPerIpMinute: number;
    /** Requests per API key per minute (each key has its own budget). */
    apiKeyRequestsPerMinute: number;
    /** Failed API-key lookups per IP per minute, counted in memory on each instance (no database write). */
    apiKeyFailuresPerIpMinute: number;
  };
  /** Rate Chart prices: CoinGecko-compatible API (null = off), refresh interval (0 = no background refresh). */
  priceFeed: { url: string | null; refreshSeconds: number; timeoutMs: number };
  /**
   * Where GET /metrics is served, never publicly (docs/operations.md, "Metrics"): on the app only
   * with `Authorization: Bearer <token>`, and/or on its own listener at host:port.
   */
  metrics: {
    /** METRICS_TOKEN: one or more bearer tokens (comma-separated), so a scraper's token can be rotated. */
    tokens: readonly string[];
    port: number | null;
    host: string;
  };
  /** SETTLEMENT_MODE: `auto` pays matured deposits at once; `review` queues them for an admin (docs/operations.md, "Settlement"). */
  settlementMode: 'auto' | 'review';
  /** Chains watched for deposits (CHAIN_*, DEPOSIT_CONFIRMATION; kernel/chain-settings.ts). */
  chains: ChainConfig;
  /** Caps on the graphql-ws sockets of one instance (issue 33): one user or address cannot exhaust it. */
  live: LiveLimits;
  /**
   * OPERATOR_EMAIL: where operator alerts go (the ledger reconciliation's mismatches); null: every
   * administrator's address.
   */
  operatorEmail: string | null;
  /** LEDGER_RECONCILE_SECONDS: how often every account's buckets are checked against the ledger (once across instances). */
  ledgerReconcileSeconds: number;
  /**
   * CRYPTOVEST_VERSION and CRYPTOVEST_REVISION: the release as the deployment states it (the Docker
   * image sets both from its build); unset: package.json's version and an `unknown` revision.
   */
  release: { version: string | null; revision: string | null };
  /** WEBHOOK_*: how long one webhook delivery may take, and the two opt-outs of its address rules (docs/webhooks.md). */
  webhooks: WebhookSettings;
  /**
   * TEST ONLY (browser tests): NODE_ENV=test and TEST_CLOCK_CONTROL=true make the clock movable
   * through POST /api/test/clock. Never on otherwise; production refuses to start with it.
   */
  testClockControl: boolean;
  /** Start and stop behind a load balancer (docs/operations.md, "Deploys and restarts"). */
  lifecycle: {
    /** After SIGTERM, /readyz says 503 but requests are still served this long, so the balancer stops sending. */
    shutdownDelayMs: number;
    /** Then in-flight requests get this long to finish; any still running are cut and roll back. */
    shutdownDrainTimeoutMs: number;
    /** How long start-up waits (with backoff) for an unreachable database before exiting 1. */
    dbStartupTimeoutS: number;
  };
}

/**
 * Bounds on PostgreSQL use: waits (a database that is down or frozen costs seconds, not the whole
 * stall) and connections (instances times the pool must fit the server's `max_connections`).
 */
export interface DatabaseLimits {
  /** Server-side `statement_timeout`; the client stops waiting a little after it (a frozen server never cancels). */
  statementTimeoutMs: number;
  /** How long opening a pool connection (or waiting for a free one) may take. */
  connectTimeoutMs: number;
  /** Connections the instance's application pool opens at most (docs/scaling.md, connection budget). */
  poolMax: number;
}

/** Defaults of DB_STATEMENT_TIMEOUT_MS, DB_CONNECT_TIMEOUT_MS and DB_POOL_MAX, also used by data sources made without config. */
export const DEFAULT_DATABASE_LIMITS: Readonly<DatabaseLimits> = Object.freeze({
  statementTimeoutMs: 10_000,
  connectTimeoutMs: 3_000,
  poolMax: 10,
});

/** LIVE_*: what one instance lets a user, an address and a socket hold on /graphql's WebSocket (per instance). */
export interface LiveLimits {
  /** LIVE_MAX_SOCKETS_PER_USER: signed-in sockets one user may hold; the next is closed at `connection_init`. */
  maxSocketsPerUser: number;
  /** LIVE_MAX_SOCKETS_PER_IP: sockets one client address may hold (signed in or not); the next upgrade answers 429. */
  maxSocketsPerIp: number;
  /** LIVE_MAX_SUBSCRIPTIONS_PER_SOCKET: subscriptions running at once on one socket (the dashboard needs two). */
  maxSubscriptionsPerSocket: number;
  /** LIVE_MAX_MESSAGE_BYTES: longest message a client may send; ws closes the socket with 1009 beyond it. */
  maxMessageBytes: number;
  /** LIVE_SUBSCRIBE_PER_MINUTE: subscribe messages per socket per minute (a burst of this many, refilled evenly). */
  subscribePerMinute: number;
}

/** WEBHOOK_*: outgoing webhook deliveries (issue 36); the address rules stop server-side request forgery. */
export interface WebhookSettings {
  /** WEBHOOK_TIMEOUT_MS: longest one delivery may take, connection to answer; a receiver that hangs fails the attempt. */
  timeoutMs: number;
  /** WEBHOOK_ALLOW_HTTP: endpoints may use plain `http://` (otherwise `https://` only). */
  allowHttp: boolean;
  /** WEBHOOK_ALLOW_PRIVATE_TARGETS: endpoints may reach loopback, private and link-local addresses (tests, on-premise). */
  allowPrivateTargets: boolean;
}

function resolvePath(p: string): string {
  return path.isAbsolute(p) ? p : path.resolve(REPO_ROOT, p);
}

/** One 32-byte key given as 64 hex characters or base64; a wrong length is a problem. */
function sealingKey(name: string, raw: string, problems: Problems): Buffer {
  const key = /^[0-9a-f]{64}$/i.test(raw) ? Buffer.from(raw, 'hex') : Buffer.from(raw, 'base64');
  if (key.length !== 32) problems.add(`${name} must be 32 bytes: 64 hex characters or 44 base64 characters`);
  return key;
}

/**
 * TOTP_ENCRYPTION_KEY and TOTP_ENCRYPTION_KEYS_PREVIOUS. The key is required in production;
 * elsewhere a random key is kept under DATA_DIR (like the dev JWT secret), so enrolled
 * authenticators survive restarts.
 */
function sealingKeys(env: Env, isProduction: boolean, dataDir: string, problems: Problems): SealingKeys {
  const raw = env.TOTP_ENCRYPTION_KEY || '';
  const previous = list(env.TOTP_ENCRYPTION_KEYS_PREVIOUS).map((k) =>
    sealingKey('each of TOTP_ENCRYPTION_KEYS_PREVIOUS', k, problems),
  );
  if (!raw) {
    if (isProduction) problems.add('TOTP_ENCRYPTION_KEY is required in production (32 bytes, hex or base64)');
    const current = isProduction
      ? Buffer.alloc(32)
      : Buffer.from(
          devSecretFile(dataDir, 'totp-key', () => randomBytes(32).toString('hex')),
          'hex',
        );
    return { current, previous };
  }
  return { current: sealingKey('TOTP_ENCRYPTION_KEY', raw, problems), previous };
}

/** JWT_SECRETS_PREVIOUS: each at least 32 characters, like JWT_SECRET. */
function jwtSecretsPrevious(env: Env, problems: Problems): string[] {
  const secrets = list(env.JWT_SECRETS_PREVIOUS);
  if (secrets.some((s) => s.length < 32)) problems.add('each of JWT_SECRETS_PREVIOUS must be at least 32 characters');
  return secrets;
}

/** The WebAuthn relying party of PUBLIC_URL: passkeys work only on that origin. */
function webauthnParty(publicUrl: string, problems: Problems): { rpId: string; origin: string } {
  try {
    const url = new URL(publicUrl);
    return { rpId: url.hostname, origin: url.origin };
  } catch {
    problems.add(`PUBLIC_URL must be a URL (got "${publicUrl}")`);
    return { rpId: 'localhost', origin: 'http://localhost' };
  }
}

/** A secret kept in a file under DATA_DIR for development, made on first use. */
function devSecretFile(dataDir: string, name: string, make: () => string): string {
  const file = path.join(dataDir, name);
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dataDir, { recursive: true });
  const secret = make();
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}

/** Dev-only: a JWT secret generated once and kept under the data dir so restarts keep sessions. */
function devJwtSecret(dataDir: string): string {
  return devSecretFile(dataDir, 'jwt-secret', () => randomBytes(48).toString('base64url'));
}

/** Reads SITE_FILE (optional JSON, any subset of SiteConfig) and validates it over the defaults. */
function loadSite(
  file: string | undefined,
  policy: { signupBonus: string; withdrawalAddressCooldownHours: number; minWithdrawal: string },
  problems: Problems,
): SiteConfig {
  let overrides: unknown = {};
  if (file) {
    const resolved = resolvePath(file);
    try {
      overrides = JSON.parse(readFileSync(resolved, 'utf8'));
    } catch (err) {
      problems.add(`SITE_FILE ${resolved} could not be read as JSON: ${(err as Error).message}`);
    }
  }
  try {
    const signupBonus = /^\d+(\.\d{1,2})?$/.test(policy.signupBonus) ? policy.signupBonus : '0';
    return parseSiteConfig(overrides, { ...policy, signupBonus });
  } catch (err) {
    const listed = (err as { errors?: unknown }).errors;
    const errors = Array.isArray(listed) ? listed.map(String) : [(err as Error).message];
    for (const e of errors) problems.add(`SITE_FILE: ${e}`);
    return parseSiteConfig({}, { ...policy, signupBonus: '0' });
  }
}

/** PRICE_FEED_URL: an http(s) base URL, or `off`. Tests default to off so they never reach the internet. */
function priceFeedUrl(env: Env, nodeEnv: Config['nodeEnv'], problems: Problems): string | null {
  const raw = env.PRICE_FEED_URL || (nodeEnv === 'test' ? 'off' : 'https://api.coingecko.com/api/v3');
  if (raw.toLowerCase() === 'off') return null;
  if (!/^https?:\/\/[^\s]+$/i.test(raw) || !URL.canParse(raw)) {
    problems.add(`PRICE_FEED_URL must be an http(s) URL or "off" (got "${raw}")`);
    return null;
  }
  return raw;
}

/** METRICS_TOKEN (bearer secrets, comma-separated), METRICS_PORT (its own listener, not PORT), METRICS_HOST (127.0.0.1). */
function metricsConfig(env: Env, appPort: number, problems: Problems): Config['metrics'] {
  const tokens = list(env.METRICS_TOKEN);
  if (tokens.some((t) => !/^\S{16,}$/.test(t)))
    problems.add('METRICS_TOKEN must be at least 16 characters, without spaces (several: comma-separated)');
  const port = env.METRICS_PORT ? int(env, 'METRICS_PORT', 0, problems, 1) : null;
  if (port !== null && port > 65535) problems.add(`METRICS_PORT must be a port number (got "${env.METRICS_PORT}")`);
  if (port !== null && port === appPort) problems.add('METRICS_PORT must differ from PORT');
  return { tokens, port, host: env.METRICS_HOST || '127.0.0.1' };
}

/** A DNS host name as URL parsing leaves it (lower case, no port, no wildcard). */
const HOST_NAME = /^(?=.{1,253}$)[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)*$/;

/** TRUST_PROXY (see trust-proxy.ts); a bad value is listed with the other problems. */
function trustProxy(env: Env, problems: Problems): TrustProxy {
  const reading = readTrustProxy(env.TRUST_PROXY);
  if (reading.problem) problems.add(reading.problem);
  return reading.value;
}

/** PROOF_URL_HOSTS: comma-separated host names (e.g. `proofs.example.com,cdn.example.net`); empty = none. */
function proofUrlHosts(env: Env, problems: Problems): string[] {
  const hosts = (env.PROOF_URL_HOSTS ?? '')
    .split(',')
    .map((h) => h.trim().toLowerCase())
    .filter(Boolean);
  const bad = hosts.filter((h) => !HOST_NAME.test(h));
  if (bad.length)
    problems.add(
      `PROOF_URL_HOSTS must list host names only, comma-separated (got ${bad.map((b) => `"${b}"`).join(', ')})`,
    );
  return hosts.filter((h) => HOST_NAME.test(h));
}

/** CORS_ORIGINS: `*`, or comma-separated origins (scheme, host and optional port; no path). */
function corsOrigins(env: Env, problems: Problems): Config['corsOrigins'] {
  const raw = (env.CORS_ORIGINS ?? '').trim();
  if (raw === '*') return '*';
  const origins = raw
    .split(',')
    .map((o) => o.trim())
    .filter(Boolean);
  const bad = origins.filter((o) => {
    try {
      return new URL(o).origin !== o;
    } catch {
      return true;
    }
  });
  if (bad.length)
    problems.add(
      `CORS_ORIGINS must be * or origins like https://app.example.com, comma-separated (got ${bad.map((b) => `"${b}"`).join(', ')})`,
    );
  return origins.filter((o) => !bad.includes(o));
}

/** LOG_FORMAT: pretty or json; readable lines by default only in development (`npm start`). */
function logFormat(env: Env, nodeEnv: Config['nodeEnv'], problems: Problems): Config['logFormat'] {
  const raw = (env.LOG_FORMAT || (nodeEnv === 'development' ? 'pretty' : 'json')).toLowerCase();
  if (raw === 'pretty' || raw === 'json') return raw;
  problems.add(`LOG_FORMAT must be "pretty" or "json" (got "${env.LOG_FORMAT}")`);
  return 'json';
}

/** SETTLEMENT_MODE: auto (default) or review. */
/** The upload storage drivers (see platform/storage). */
export const UPLOAD_STORAGE_DRIVERS = ['postgres', 's3', 'disk'] as const;
/** One of UPLOAD_STORAGE_DRIVERS. */
export type UploadStorageDriver = (typeof UPLOAD_STORAGE_DRIVERS)[number];

/** An S3-compatible bucket: AWS when `endpoint` is null, else MinIO, Ceph, R2 and the like. */
export interface S3Settings {
  bucket: string;
  endpoint: string | null;
  region: string;
  /** Null: the SDK's default chain (environment, instance role). */
  credentials: { accessKeyId: string; secretAccessKey: string } | null;
  /** Bucket in the path (`endpoint/bucket/key`), as MinIO and most self-hosted servers need. */
  forcePathStyle: boolean;
  /** Key prefix inside the bucket, e.g. `uploads/`. */
  prefix: string;
}

/** UPLOAD_STORAGE (postgres | s3 | disk); `s3` needs S3_BUCKET. */
function uploadStorage(env: Env, problems: Problems): UploadStorageDriver {
  const raw = (env.UPLOAD_STORAGE || 'postgres').toLowerCase();
  const driver = (UPLOAD_STORAGE_DRIVERS as readonly string[]).includes(raw) ? (raw as UploadStorageDriver) : null;
  if (!driver)
    problems.add(`UPLOAD_STORAGE must be one of ${UPLOAD_STORAGE_DRIVERS.join(', ')} (got "${env.UPLOAD_STORAGE}")`);
  if (driver === 's3' && !env.S3_BUCKET) problems.add('UPLOAD_STORAGE=s3 needs S3_BUCKET');
  return driver ?? 'postgres';
}

/** S3_BUCKET, S3_ENDPOINT, S3_REGION, S3_ACCESS_KEY_ID + S3_SECRET_ACCESS_KEY, S3_FORCE_PATH_STYLE, S3_PREFIX. */
function s3Settings(env: Env, problems: Problems): S3Settings | null {
  if (!env.S3_BUCKET) return null;
  const endpoint = env.S3_ENDPOINT || null;
  if (endpoint && !/^https?:\/\/[^/]+/.test(endpoint))
    problems.add(`S3_ENDPOINT must be an http(s) URL (got "${endpoint}")`);
  const id = env.S3_ACCESS_KEY_ID;
  const secret = env.S3_SECRET_ACCESS_KEY;
  if (!!id !== !!secret) problems.add('S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY go together');
  return {
    bucket: env.S3_BUCKET,
    endpoint,
    region: env.S3_REGION || 'us-east-1',
    credentials: id && secret ? { accessKeyId: id, secretAccessKey: secret } : null,
    forcePathStyle: bool(env, 'S3_FORCE_PATH_STYLE', endpoint !== null),
    prefix: env.S3_PREFIX ?? 'uploads/',
  };
}

function settlementMode(env: Env, problems: Problems): Config['settlementMode'] {
  const raw = (env.SETTLEMENT_MODE || 'auto').toLowerCase();
  if (raw === 'auto' || raw === 'review') return raw;
  problems.add(`SETTLEMENT_MODE must be "auto" or "review" (got "${env.SETTLEMENT_MODE}")`);
  return 'auto';
}

/** OPERATOR_EMAIL: one address, or unset. */
function operatorEmail(env: Env, problems: Problems): string | null {
  const raw = env.OPERATOR_EMAIL?.trim();
  if (!raw) return null;
  if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(raw)) problems.add(`OPERATOR_EMAIL must be an e-mail address (got "${raw}")`);
  return raw.toLowerCase();
}

/** TEST_CLOCK_CONTROL: only honoured under NODE_ENV=test; production refuses it outright. */
function testClockControl(env: Env, nodeEnv: Config['nodeEnv'], problems: Problems): boolean {
  const on = bool(env, 'TEST_CLOCK_CONTROL', false);
  if (on && nodeEnv === 'production')
    problems.add('TEST_CLOCK_CONTROL must not be set in production (it lets anyone move the clock)');
  return on && nodeEnv === 'test';
}

/** Parses and validates the environment; throws one error listing all problems. */
export function loadConfig(given: Env = process.env): Readonly<Config> {
  const problems = new Problems();
  const env = withSecretFiles(given, problems, (file) => readFileSync(resolvePath(file), 'utf8'));
  const nodeEnvRaw = env.NODE_ENV ?? 'development';
  const nodeEnv = (
    ['development', 'production', 'test'].includes(nodeEnvRaw) ? nodeEnvRaw : 'development'
  ) as Config['nodeEnv'];
  const isProduction = nodeEnv === 'production';
  const dataDir = resolvePath(env.DATA_DIR || '.data');

  const databaseUrl = env.DATABASE_URL || null;
  const jwtSecretRaw = env.JWT_SECRET || '';
  if (isProduction && jwtSecretRaw.length < 32)
    problems.add('JWT_SECRET is required in production (at least 32 characters)');
  else if (jwtSecretRaw && jwtSecretRaw.length < 32) problems.add('JWT_SECRET must be at least 32 characters');

  const walletsFileEnv = env.WALLETS_FILE;
  if (isProduction && !walletsFileEnv)
    problems.add('WALLETS_FILE is required in production (the example addresses are not real)');
  const walletsFile = resolvePath(walletsFileEnv || 'config/wallets.example.json');
  if (!existsSync(walletsFile)) problems.add(`WALLETS_FILE not found: ${walletsFile}`);

  if (isProduction && !databaseUrl)
    problems.add('DATABASE_URL is required in production (the embedded database is for development)');
  if (isProduction && !env.SMTP_URL)
    problems.add('SMTP_URL is required in production (codes must reach users by e-mail)');
  if (isProduction && !env.PUBLIC_URL) problems.add('PUBLIC_URL is required in production');

  const adminEmail = env.ADMIN_EMAIL || null;
  const adminPassword = env.ADMIN_PASSWORD || null;
  if (Boolean(adminEmail) !== Boolean(adminPassword))
    problems.add('ADMIN_EMAIL and ADMIN_PASSWORD must be set together');
  if (adminPassword && adminPassword.length < 8) problems.add('ADMIN_PASSWORD must be at least 8 characters');

  const port = int(env, 'PORT', 4000, problems);
  const publicUrl = env.PUBLIC_URL || `http://localhost:${port}`;
  const otpLength = int(env, 'OTP_LENGTH', 4, problems, 4);
  const signupBonus = env.SIGNUP_BONUS ?? '100';
  if (!/^\d+(\.\d{1,2})?$/.test(signupBonus))
    problems.add('SIGNUP_BONUS must be a non-negative amount with at most 2 decimals');

  const withdrawalAddressCooldownHours = int(env, 'WITHDRAWAL_ADDRESS_COOLDOWN_HOURS', 24, problems);
  const minWithdrawal = env.MIN_WITHDRAWAL || DEFAULT_MIN_WITHDRAWAL;
  if (!/^\d{1,9}(\.\d{1,2})?$/.test(minWithdrawal)) {
    problems.add(`MIN_WITHDRAWAL must be a non-negative amount with at most 2 decimals (got "${minWithdrawal}")`);
  }
  const validMin = /^\d{1,9}(\.\d{1,2})?$/.test(minWithdrawal) ? minWithdrawal : DEFAULT_MIN_WITHDRAWAL;
  const site = loadSite(
    env.SITE_FILE,
    { signupBonus, withdrawalAddressCooldownHours, minWithdrawal: validMin },
    problems,
  );

  const config: Config = {
    nodeEnv,
    isProduction,
    port,
    host: env.HOST || '0.0.0.0',
    databaseUrl,
    database: {
      statementTimeoutMs: int(
        env,
        'DB_STATEMENT_TIMEOUT_MS',
        DEFAULT_DATABASE_LIMITS.statementTimeoutMs,
        problems,
        100,
      ),
      connectTimeoutMs: int(env, 'DB_CONNECT_TIMEOUT_MS', DEFAULT_DATABASE_LIMITS.connectTimeoutMs, problems, 100),
      // At least 2: a pool of one would queue every request behind a single statement.
      poolMax: int(env, 'DB_POOL_MAX', DEFAULT_DATABASE_LIMITS.poolMax, problems, 2),
    },
    dataDir,
    embeddedPgPort: int(env, 'EMBEDDED_PG_PORT', 54329, problems, 1),
    jwtSecret: jwtSecretRaw || (isProduction ? '' : devJwtSecret(dataDir)),
    jwtSecretsPrevious: jwtSecretsPrevious(env, problems),
    jwtTtlMinutes: Math.min(int(env, 'JWT_TTL_MINUTES', 60, problems, 1), 60),
    smtpUrl: env.SMTP_URL || null,
    smtpTimeoutMs: int(env, 'SMTP_TIMEOUT_MS', 5000, problems, 100),
    mailFrom: env.MAIL_FROM || 'CryptoVest <no-reply@localhost>',
    publicUrl,
    sealingKeys: sealingKeys(env, isProduction, dataDir, problems),
    webauthn: webauthnParty(publicUrl, problems),
    uploadStorage: uploadStorage(env, problems),
    uploadDir: resolvePath(env.UPLOAD_DIR || path.join(dataDir, 'uploads')),
    s3: s3Settings(env, problems),
    uploadMaxBytes: int(env, 'UPLOAD_MAX_BYTES', 5 * 1024 * 1024, problems, 1),
    uploadMaxPixels: int(env, 'UPLOAD_MAX_PIXELS', 50_000_000, problems, 1),
    uploadUserQuotaBytes: int(env, 'UPLOAD_USER_QUOTA_BYTES', 100 * 1024 * 1024, problems, 1),
    uploadLinkTtlSeconds: int(env, 'UPLOAD_LINK_TTL_SECONDS', 3600, problems, 1),
    proofUrlHosts: proofUrlHosts(env, problems),
    corsOrigins: corsOrigins(env, problems),
    otpLength,
    logLevel: env.LOG_LEVEL || (nodeEnv === 'test' ? 'silent' : 'info'),
    logFormat: logFormat(env, nodeEnv, problems),
    walletsFile,
    adminEmail: adminEmail?.trim().toLowerCase() ?? null,
    adminPassword,
    adminPasswordReset: bool(env, 'ADMIN_PASSWORD_RESET', false),
    exampleWalletsAllowed: bool(env, 'EXAMPLE_WALLETS_ALLOWED', !isProduction),
    clientDist: resolvePath(env.CLIENT_DIST || 'client/dist'),
    clientSsrEntry: resolvePath(env.CLIENT_SSR_ENTRY || 'client/dist-ssr/entry-server.js'),
    trustProxy: trustProxy(env, problems),
    serverTiming: bool(env, 'SERVER_TIMING', false),
    bodyLimit: env.BODY_LIMIT || '100kb',
    graphql: {
      maxDepth: int(env, 'GRAPHQL_MAX_DEPTH', 15, problems, 2),
      maxAliases: int(env, 'GRAPHQL_MAX_ALIASES', 30, problems, 1),
      maxCost: int(env, 'GRAPHQL_MAX_COST', 5000, problems, 10),
      maxTokens: int(env, 'GRAPHQL_MAX_TOKENS', 2000, problems, 100),
      introspection: bool(env, 'GRAPHQL_INTROSPECTION', !isProduction),
    },
    signupBonus,
    withdrawalAddressCooldownHours,
    minWithdrawal: validMin,
    site,
    priceFeed: {
      url: priceFeedUrl(env, nodeEnv, problems),
      refreshSeconds: int(env, 'PRICE_FEED_REFRESH_SECONDS', 300, problems),
      timeoutMs: int(env, 'PRICE_FEED_TIMEOUT_MS', 5000, problems, 100),
    },
    metrics: metricsConfig(env, port, problems),
    settlementMode: settlementMode(env, problems),
    chains: chainSettings(env, problems),
    live: {
      maxSocketsPerUser: int(env, 'LIVE_MAX_SOCKETS_PER_USER', 10, problems, 1),
      maxSocketsPerIp: int(env, 'LIVE_MAX_SOCKETS_PER_IP', 50, problems, 1),
      maxSubscriptionsPerSocket: int(env, 'LIVE_MAX_SUBSCRIPTIONS_PER_SOCKET', 10, problems, 1),
      // At least 1 KiB: connection_init carries a token of a few hundred bytes.
      maxMessageBytes: int(env, 'LIVE_MAX_MESSAGE_BYTES', 16 * 1024, problems, 1024),
      subscribePerMinute: int(env, 'LIVE_SUBSCRIBE_PER_MINUTE', 60, problems, 1),
    },
    operatorEmail: operatorEmail(env, problems),
    ledgerReconcileSeconds: int(env, 'LEDGER_RECONCILE_SECONDS', 900, problems, 60),
    release: { version: env.CRYPTOVEST_VERSION || null, revision: env.CRYPTOVEST_REVISION || null },
    webhooks: {
      timeoutMs: int(env, 'WEBHOOK_TIMEOUT_MS', 5000, problems, 100),
      allowHttp: bool(env, 'WEBHOOK_ALLOW_HTTP', false),
      allowPrivateTargets: bool(env, 'WEBHOOK_ALLOW_PRIVATE_TARGETS', false),
    },
    testClockControl: testClockControl(env, nodeEnv, problems),
    rateLimits: {
      loginFailuresPerAccountIp: int(env, 'RATE_LIMIT_LOGIN_FAILURES', 10, problems, 1),
      loginFailuresPerAccount: int(env, 'RATE_LIMIT_LOGIN_FAILURES_ACCOUNT', 100, problems, 1),
      otpFailuresPerDay: int(env, 'OTP_MAX_FAILURES_PER_DAY', 10, problems, 1),
      otpFailuresPerAccountIpHourly: int(env, 'OTP_MAX_FAILURES_PER_ACCOUNT_IP', 5, problems, 1),
      secondFactorFailuresPerDay: int(env, 'SECOND_FACTOR_MAX_FAILURES_PER_DAY', 10, problems, 1),
      requestsPerIpHourly: int(env, 'RATE_LIMIT_IP_HOURLY', 300, problems, 1),
      contactMessagesPerIpHourly: int(env, 'RATE_LIMIT_CONTACT_HOURLY', 5, problems, 1),
      uploadsPerUserHourly: int(env, 'RATE_LIMIT_UPLOADS_HOURLY', 30, problems, 1),
      graphqlGuestPerIpMinute: int(env, 'RATE_LIMIT_GRAPHQL_GUEST_PER_MINUTE', 600, problems, 1),
      apiKeyRequestsPerMinute: int(env, 'RATE_LIMIT_API_KEY_PER_MINUTE', 120, problems, 1),
      apiKeyFailuresPerIpMinute: int(env, 'RATE_LIMIT_API_KEY_FAILURES_PER_MINUTE', 20, problems, 1),
    },
    lifecycle: {
      shutdownDelayMs: int(env, 'SHUTDOWN_DELAY_MS', isProduction ? 5000 : 0, problems),
      shutdownDrainTimeoutMs: int(env, 'SHUTDOWN_DRAIN_TIMEOUT_MS', 10_000, problems, 1),
      dbStartupTimeoutS: int(env, 'DB_STARTUP_TIMEOUT_S', 60, problems),
    },
  };

  if (problems.list.length) {
    throw new Error(`Invalid configuration:\n  - ${problems.list.join('\n  - ')}`);
  }
  return Object.freeze(config);
}
