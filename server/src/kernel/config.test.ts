import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { loadConfig } from './config';

describe('configuration', () => {
  it('refuses to start in production with unsafe defaults, listing every problem', () => {
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(
      /JWT_SECRET is required[\s\S]*WALLETS_FILE is required[\s\S]*DATABASE_URL is required[\s\S]*SMTP_URL is required[\s\S]*TOTP_ENCRYPTION_KEY is required/,
    );
  });

  it('accepts a complete production configuration and freezes it', () => {
    const cfg = loadConfig({
      NODE_ENV: 'production',
      JWT_SECRET: 'x'.repeat(40),
      WALLETS_FILE: 'config/wallets.example.json',
      DATABASE_URL: 'postgres://db/app',
      SMTP_URL: 'smtp://mail:25',
      PUBLIC_URL: 'https://cryptovest.example',
      TOTP_ENCRYPTION_KEY: 'ab'.repeat(32),
    });
    expect(cfg.isProduction).toBe(true);
    expect(cfg.sealingKeys).toEqual({ current: Buffer.alloc(32, 0xab), previous: [] });
    expect(cfg.webauthn).toEqual({ rpId: 'cryptovest.example', origin: 'https://cryptovest.example' });
    expect(cfg.graphql.introspection).toBe(false);
    expect(cfg.logFormat).toBe('json'); // log shippers read JSON; readable lines are for development
    expect(cfg.proofUrlHosts).toEqual([]);
    expect(cfg.minWithdrawal).toBe('10');
    expect(Object.isFrozen(cfg)).toBe(true);
  });

  it('reads PROOF_URL_HOSTS as host names and MIN_WITHDRAWAL as an amount, refusing anything else', () => {
    const base = { NODE_ENV: 'test', JWT_SECRET: 'x'.repeat(40) };
    const cfg = loadConfig({
      ...base,
      PROOF_URL_HOSTS: ' Proofs.Example.com ,cdn.example.net,',
      MIN_WITHDRAWAL: '25.5',
    });
    expect(cfg.proofUrlHosts).toEqual(['proofs.example.com', 'cdn.example.net']);
    expect(cfg.minWithdrawal).toBe('25.5');
    expect(cfg.site.minWithdrawal).toBe('25.5');
    expect(() => loadConfig({ ...base, PROOF_URL_HOSTS: 'https://proofs.example.com/x' })).toThrow(
      /PROOF_URL_HOSTS must list host names only/,
    );
    expect(() => loadConfig({ ...base, MIN_WITHDRAWAL: '-5' })).toThrow(/MIN_WITHDRAWAL must be a non-negative amount/);
    expect(() => loadConfig({ ...base, MIN_WITHDRAWAL: '10.001' })).toThrow(/MIN_WITHDRAWAL/);
  });

  it('reads DB_POOL_MAX as the pool size (10 by default), refusing fewer than 2 connections', () => {
    const base = { NODE_ENV: 'test', JWT_SECRET: 'x'.repeat(40) };
    expect(loadConfig(base).database.poolMax).toBe(10);
    expect(loadConfig({ ...base, DB_POOL_MAX: '4' }).database.poolMax).toBe(4);
    expect(() => loadConfig({ ...base, DB_POOL_MAX: '1' })).toThrow(/DB_POOL_MAX must be an integer >= 2/);
    expect(() => loadConfig({ ...base, DB_POOL_MAX: 'ten' })).toThrow(/DB_POOL_MAX must be an integer >= 2/);
  });

  it('takes TOTP_ENCRYPTION_KEY as 64 hex characters or base64 of 32 bytes, nothing shorter', () => {
    const base = { NODE_ENV: 'test', JWT_SECRET: 'x'.repeat(40) };
    const b64 = Buffer.alloc(32, 7).toString('base64');
    expect(loadConfig({ ...base, TOTP_ENCRYPTION_KEY: b64 }).sealingKeys.current).toEqual(Buffer.alloc(32, 7));
    expect(() => loadConfig({ ...base, TOTP_ENCRYPTION_KEY: 'short' })).toThrow(/TOTP_ENCRYPTION_KEY must be 32 bytes/);
  });

  it('reads TOTP_ENCRYPTION_KEYS_PREVIOUS and JWT_SECRETS_PREVIOUS as lists that still open and verify', () => {
    const base = { NODE_ENV: 'test', JWT_SECRET: 'x'.repeat(40), TOTP_ENCRYPTION_KEY: 'ab'.repeat(32) };
    const cfg = loadConfig({
      ...base,
      TOTP_ENCRYPTION_KEYS_PREVIOUS: `${'cd'.repeat(32)}, ${Buffer.alloc(32, 9).toString('base64')}`,
      JWT_SECRETS_PREVIOUS: `${'p'.repeat(32)},${'q'.repeat(40)}`,
    });
    expect(cfg.sealingKeys.previous).toEqual([Buffer.alloc(32, 0xcd), Buffer.alloc(32, 9)]);
    expect(cfg.jwtSecretsPrevious).toEqual(['p'.repeat(32), 'q'.repeat(40)]);
    expect(() => loadConfig({ ...base, TOTP_ENCRYPTION_KEYS_PREVIOUS: 'short' })).toThrow(
      /each of TOTP_ENCRYPTION_KEYS_PREVIOUS must be 32 bytes/,
    );
    expect(() => loadConfig({ ...base, JWT_SECRETS_PREVIOUS: 'short' })).toThrow(
      /each of JWT_SECRETS_PREVIOUS must be at least 32 characters/,
    );
  });

  it('reads each secret from <NAME>_FILE (Docker secrets), refusing both forms or an unreadable file', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'secrets-'));
    const file = (name: string, value: string) => {
      writeFileSync(path.join(dir, name), value);
      return path.join(dir, name);
    };
    const cfg = loadConfig({
      NODE_ENV: 'production',
      JWT_SECRET_FILE: file('jwt', `${'j'.repeat(40)}\n`),
      JWT_SECRETS_PREVIOUS_FILE: file('jwt-prev', `${'k'.repeat(40)}\n`),
      TOTP_ENCRYPTION_KEY_FILE: file('totp', `${'ab'.repeat(32)}\n`),
      DATABASE_URL_FILE: file('db', 'postgres://app:pw@db/app\n'),
      SMTP_URL_FILE: file('smtp', 'smtp://user:pw@mail:587'),
      ADMIN_EMAIL: 'ops@example.com',
      ADMIN_PASSWORD_FILE: file('admin', 'a long admin password\n'),
      METRICS_TOKEN_FILE: file('metrics', 'metrics-token-0123456789,metrics-token-abcdefghij'),
      S3_BUCKET: 'b',
      S3_ACCESS_KEY_ID_FILE: file('s3-id', 'AKIA'),
      S3_SECRET_ACCESS_KEY_FILE: file('s3-secret', 's3-secret-value'),
      WALLETS_FILE: 'config/wallets.example.json',
      PUBLIC_URL: 'https://cryptovest.example',
    });
    expect(cfg.jwtSecret).toBe('j'.repeat(40));
    expect(cfg.jwtSecretsPrevious).toEqual(['k'.repeat(40)]);
    expect(cfg.sealingKeys.current).toEqual(Buffer.alloc(32, 0xab));
    expect(cfg.databaseUrl).toBe('postgres://app:pw@db/app');
    expect(cfg.smtpUrl).toBe('smtp://user:pw@mail:587');
    expect(cfg.adminPassword).toBe('a long admin password');
    expect(cfg.metrics.tokens).toEqual(['metrics-token-0123456789', 'metrics-token-abcdefghij']);
    expect(cfg.s3?.credentials).toEqual({ accessKeyId: 'AKIA', secretAccessKey: 's3-secret-value' });
    // Production refuses example deposit addresses unless the operator says it is a demonstration.
    expect(cfg.exampleWalletsAllowed).toBe(false);
    expect(loadConfig({ NODE_ENV: 'test', JWT_SECRET: 'x'.repeat(40) }).exampleWalletsAllowed).toBe(true);

    const base = { NODE_ENV: 'test' };
    expect(() =>
      loadConfig({ ...base, JWT_SECRET: 'x'.repeat(40), JWT_SECRET_FILE: file('j2', 'y'.repeat(40)) }),
    ).toThrow(/set JWT_SECRET or JWT_SECRET_FILE, not both/);
    expect(() => loadConfig({ ...base, JWT_SECRET_FILE: path.join(dir, 'missing') })).toThrow(
      /JWT_SECRET_FILE .*missing could not be read: ENOENT/,
    );
  });

  it('reads OPERATOR_EMAIL, LEDGER_RECONCILE_SECONDS and the release the image states', () => {
    const base = { NODE_ENV: 'test', JWT_SECRET: 'x'.repeat(40) };
    const defaults = loadConfig(base);
    expect(defaults.operatorEmail).toBeNull();
    expect(defaults.ledgerReconcileSeconds).toBe(900);
    expect(defaults.release).toEqual({ version: null, revision: null });
    const set = loadConfig({
      ...base,
      OPERATOR_EMAIL: ' Ops@Example.com ',
      LEDGER_RECONCILE_SECONDS: '300',
      CRYPTOVEST_VERSION: '1.2.3',
      CRYPTOVEST_REVISION: 'abc1234',
    });
    expect(set.operatorEmail).toBe('ops@example.com');
    expect(set.ledgerReconcileSeconds).toBe(300);
    expect(set.release).toEqual({ version: '1.2.3', revision: 'abc1234' });
    expect(() => loadConfig({ ...base, OPERATOR_EMAIL: 'ops' })).toThrow(/OPERATOR_EMAIL must be an e-mail address/);
    expect(() => loadConfig({ ...base, LEDGER_RECONCILE_SECONDS: '10' })).toThrow(
      /LEDGER_RECONCILE_SECONDS must be an integer >= 60/,
    );
  });

  it('requires ADMIN_EMAIL and ADMIN_PASSWORD together and caps token lifetime at 60 minutes', () => {
    expect(() => loadConfig({ NODE_ENV: 'test', JWT_SECRET: 'x'.repeat(40), ADMIN_EMAIL: 'a@b.c' })).toThrow(
      /set together/,
    );
    expect(loadConfig({ NODE_ENV: 'test', JWT_SECRET: 'x'.repeat(40), JWT_TTL_MINUTES: '600' }).jwtTtlMinutes).toBe(60);
  });
});

describe('site configuration (SITE_FILE)', () => {
  const base = { NODE_ENV: 'test', JWT_SECRET: 'x'.repeat(40) };
  const writeSite = (content: string): string => {
    const dir = mkdtempSync(path.join(tmpdir(), 'site-'));
    const file = path.join(dir, 'site.json');
    writeFileSync(file, content);
    return file;
  };

  it('uses neutral defaults, with the signup bonus from SIGNUP_BONUS', () => {
    const cfg = loadConfig({ ...base, SIGNUP_BONUS: '25.50' });
    expect(cfg.site).toMatchObject({
      brandName: 'CryptoVest',
      supportEmail: 'support@example.com',
      signupBonus: '25.50',
    });
    expect(cfg.site.social).toEqual({ facebook: null, telegram: null, whatsapp: null, instagram: null });
  });

  it('merges a partial SITE_FILE over the defaults', () => {
    const file = writeSite(
      JSON.stringify({
        brandName: 'Acme Invest',
        figures: { activeInvestors: 900 },
        social: { telegram: 'https://t.me/acme' },
      }),
    );
    const { site } = loadConfig({ ...base, SITE_FILE: file });
    expect(site.brandName).toBe('Acme Invest');
    expect(site.figures).toMatchObject({ activeInvestors: 900, profitRaisedMillions: 25, people: '25M+' });
    expect(site.social).toMatchObject({ telegram: 'https://t.me/acme', facebook: null });
  });

  it('refuses a bad SITE_FILE and names every problem', () => {
    const file = writeSite(
      JSON.stringify({
        supportEmail: 'nope',
        social: { facebook: 'javascript:alert(1)' },
        figures: { activeInvestors: -3 },
        extra: 1,
      }),
    );
    let message = '';
    try {
      loadConfig({ ...base, SITE_FILE: file });
    } catch (err) {
      message = (err as Error).message;
    }
    expect(message).toMatch(/SITE_FILE: supportEmail must be a valid email/);
    expect(message).toMatch(/SITE_FILE: social.facebook must be an https:\/\/ URL/);
    expect(message).toMatch(/SITE_FILE: figures.activeInvestors must be a whole number/);
    expect(message).toMatch(/SITE_FILE: this field has unspecified keys: extra/);
    expect(() => loadConfig({ ...base, SITE_FILE: writeSite('{ not json') })).toThrow(/could not be read as JSON/);
  });
});

describe('the settings are documented', () => {
  // Every name the configuration reads (env.NAME, or 'NAME' given to the int/bool readers), from its
  // own source: a setting added without a line in .env.example or the README fails here.
  const source = ['config.ts', 'chain-settings.ts']
    .map((f) => readFileSync(path.join(__dirname, f), 'utf8'))
    .join('\n');
  const names = [
    ...new Set([...source.matchAll(/env\.([A-Z][A-Z0-9_]+)|'([A-Z][A-Z0-9]*_[A-Z0-9_]+)'/g)].map((m) => m[1] ?? m[2])),
  ];
  const root = path.join(__dirname, '..', '..', '..');

  it.each(['.env.example', 'README.md'])('%s names every setting', (file) => {
    expect(names.length).toBeGreaterThan(80);
    const text = readFileSync(path.join(root, file), 'utf8');
    expect(names.filter((n) => !new RegExp(`\\b${n}\\b`).test(text))).toEqual([]);
  });
});
