import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { accessSync, constants, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import YAML from 'yaml';
import { SECRET_SETTINGS } from '../kernel/config-parse';
import { docBlocks } from '../test/doc-blocks';

/**
 * Issue 37, "Deploy as shipped is safe": the rules docker-compose.yml, docker-compose.override.yml,
 * the Dockerfile, .dockerignore and deploy/Caddyfile must keep, checked on the files themselves
 * (no Docker engine needed), and deploy/Caddyfile run in Debian's caddy in front of a local server.
 * Production is `docker compose -f docker-compose.yml`; the override is the local run only.
 */

const ROOT = path.resolve(__dirname, '..', '..', '..');
const read = (file: string) => readFileSync(path.join(ROOT, file), 'utf8');

type Env = Record<string, string | number | boolean | null>;
interface Service {
  image?: string;
  build?: unknown;
  profiles?: string[];
  depends_on?: Record<string, unknown> | string[];
  secrets?: (string | { source: string })[];
  environment?: Env;
  command?: string | string[];
  deploy?: { resources?: { limits?: { cpus?: string; memory?: string } } };
  logging?: { driver?: string; options?: Record<string, string> };
}
interface ComposeFile {
  services: Record<string, Service>;
  secrets?: Record<string, { file?: string; environment?: string }>;
}

/**
 * A compose file as Compose reads it: anchors and `<<` merges resolved. Compose's own tags
 * (`!reset`, `!override`) are the only unknown ones allowed; their values are kept as written.
 */
function parseCompose(file: string): ComposeFile {
  const doc = YAML.parseDocument(read(file), { merge: true });
  expect(doc.errors.map((e) => e.message)).toEqual([]);
  const unknown = doc.warnings.filter((w) => !/^Unresolved tag: !(reset|override) /.test(w.message));
  expect(unknown.map((w) => w.message)).toEqual([]);
  return doc.toJS() as ComposeFile;
}

const production = parseCompose('docker-compose.yml');
const override = parseCompose('docker-compose.override.yml');
/** Every value of the production file (comments left out: they may name what the file avoids). */
const productionText = JSON.stringify(production);

/** The services that run the server image (they have NODE_ENV, the app's own settings). */
const APP_SERVICES = Object.entries(production.services)
  .filter(([, s]) => s.environment && 'NODE_ENV' in s.environment)
  .map(([name]) => name);

/** Secret values of the other images, given as files as well (postgres, MinIO). */
const OTHER_SECRETS = ['POSTGRES_PASSWORD', 'MINIO_ROOT_USER', 'MINIO_ROOT_PASSWORD'];
const ALL_SECRETS = [...SECRET_SETTINGS, ...OTHER_SECRETS];

/** Settings only the operator can know: no default in production, set in .env or the shell. */
const OPERATOR_SETTINGS = ['PUBLIC_URL', 'WALLETS_FILE', 'MAIL_FROM', 'ADMIN_EMAIL'];

/**
 * The exact-release tag pattern of each third-party image. PostgreSQL's major.minor is one
 * release (16.10); the others use three numbers or MinIO's RELEASE timestamps. An image from a
 * repository not listed here fails until its rule is added.
 */
const EXACT_TAG: Record<string, RegExp> = {
  postgres: /^\d+\.\d+-alpine\d+\.\d+$/,
  caddy: /^\d+\.\d+\.\d+-alpine$/,
  'axllent/mailpit': /^v\d+\.\d+\.\d+$/,
  'minio/minio': /^RELEASE\.\d{4}-\d{2}-\d{2}T\d{2}-\d{2}-\d{2}Z$/,
  'minio/mc': /^RELEASE\.\d{4}-\d{2}-\d{2}T\d{2}-\d{2}-\d{2}Z$/,
};
/** The app's own image: its tag is the release being deployed, never `latest`. */
const APP_IMAGE = /^\$\{APP_IMAGE:-[a-z0-9./-]+\}:\$\{APP_VERSION(:-[a-z0-9.]+)?\}$/;

function secretsOf(service: Service): string[] {
  return (service.secrets ?? []).map((s) => (typeof s === 'string' ? s : s.source));
}

function dependsOn(service: Service): string[] {
  const d = service.depends_on ?? [];
  return Array.isArray(d) ? d : Object.keys(d);
}

describe('docker-compose.yml and docker-compose.override.yml', () => {
  it('pin every image to an exact release', () => {
    const images = [...Object.values(production.services), ...Object.values(override.services)]
      .map((s) => s.image)
      .filter((image): image is string => image !== undefined);
    expect(images.length).toBeGreaterThan(4);
    for (const image of images) {
      if (image.startsWith('${APP_IMAGE')) {
        expect(image).toMatch(APP_IMAGE);
        continue;
      }
      const [repository, tag = 'latest'] = image.split(':');
      const rule = EXACT_TAG[repository];
      if (!rule) throw new Error(`${image}: no exact-tag rule for ${repository} in this test`);
      if (!rule.test(tag)) throw new Error(`${image}: not an exact release tag (want ${rule})`);
    }
  });

  it('give no secret a default in production, nor a value other than a file', () => {
    for (const [name, service] of Object.entries(production.services)) {
      for (const [key, value] of Object.entries(service.environment ?? {})) {
        if (ALL_SECRETS.includes(key))
          throw new Error(`${name}: ${key} is set in docker-compose.yml (use ${key}_FILE)`);
        const file = key.endsWith('_FILE') ? key.slice(0, -'_FILE'.length) : null;
        if (file && ALL_SECRETS.includes(file)) {
          // A Docker secret this service is granted: /run/secrets/<name>, or the bare name (MinIO).
          const secret = String(value).replace(/^\/run\/secrets\//, '');
          expect([`${name}.${key}`, secretsOf(service).includes(secret)]).toEqual([`${name}.${key}`, true]);
        }
      }
    }
    // No ${SECRET:-fallback} or ${SECRET-fallback} anywhere (the secret files' paths included).
    for (const secret of ALL_SECRETS) {
      expect(productionText).not.toMatch(new RegExp(`\\$\\{${secret}(_FILE)?:?-`));
    }
    // The values the file had before: gone.
    expect(productionText).not.toMatch(/change-me-now|cryptovest-minio-secret|:cryptovest@|admin@cryptovest\.local/);
  });

  it('hand every secret setting to the app instances as a file that must exist', () => {
    expect(APP_SERVICES).toEqual(['app1', 'app2']);
    for (const name of APP_SERVICES) {
      const service = production.services[name];
      for (const setting of SECRET_SETTINGS) {
        const secret = setting.toLowerCase();
        expect([name, setting, service.environment?.[`${setting}_FILE`]]).toEqual([
          name,
          setting,
          `/run/secrets/${secret}`,
        ]);
        expect(secretsOf(service)).toContain(secret);
        // A file, not an environment variable: Compose refuses to start while it is missing.
        expect(production.secrets?.[secret]).toEqual({ file: `\${SECRETS_DIR:-./secrets}/${secret}` });
      }
    }
    expect(production.services.postgres.environment?.POSTGRES_PASSWORD_FILE).toBe('/run/secrets/postgres_password');
    expect(secretsOf(production.services.postgres)).toEqual(['postgres_password']);
  });

  it('need exactly the secret files docs/operations.md tells the operator to create', () => {
    const [setup] = docBlocks(path.join(ROOT, 'docs', 'operations.md'), '## Running in production');
    expect(setup.text).toMatch(/^mkdir -m 700 secrets/);
    const dir = mkdtempSync(path.join(tmpdir(), 'cv-secrets-'));
    try {
      execFileSync('bash', ['-euo', 'pipefail', '-c', setup.text], { cwd: dir, stdio: 'pipe' });
      const made = readdirSync(path.join(dir, 'secrets')).sort();
      expect(made).toEqual(Object.keys(production.secrets ?? {}).sort());
      const secret = (name: string) => readFileSync(path.join(dir, 'secrets', name), 'utf8').trim();
      expect(secret('jwt_secret').length).toBeGreaterThanOrEqual(32);
      expect(secret('totp_encryption_key')).toMatch(/^[0-9a-f]{64}$/);
      expect(secret('database_url')).toBe(
        `postgres://cryptovest:${secret('postgres_password')}@postgres:5432/cryptovest`,
      );
      expect(secret('smtp_url')).toMatch(/^smtps?:\/\//);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('leave what only the operator knows unset in production: no default, no example wallets', () => {
    for (const name of APP_SERVICES) {
      const env = production.services[name].environment ?? {};
      for (const setting of OPERATOR_SETTINGS) {
        // No value: Compose passes the operator's (.env or shell) or none; the server then refuses
        // to start without PUBLIC_URL and WALLETS_FILE.
        expect([name, setting, setting in env, env[setting]]).toEqual([name, setting, true, null]);
      }
    }
    expect(productionText).not.toMatch(/wallets\.example|EXAMPLE_WALLETS_ALLOWED/);
  });

  it('set memory and CPU limits and rotate the logs of every service', () => {
    const all = { ...production.services };
    for (const [name, service] of Object.entries(override.services)) {
      if (!all[name]) all[name] = service;
    }
    for (const [name, service] of Object.entries(all)) {
      const limits = service.deploy?.resources?.limits;
      expect([name, limits?.memory, limits?.cpus]).toEqual([
        name,
        expect.stringMatching(/^\d+[MG]$/),
        expect.stringMatching(/^\d+(\.\d+)?$/),
      ]);
      expect([name, service.logging?.driver, service.logging?.options]).toEqual([
        name,
        'json-file',
        expect.objectContaining({
          'max-size': expect.stringMatching(/^\d+m$/),
          'max-file': expect.stringMatching(/^\d+$/),
        }),
      ]);
    }
  });

  it('keep Mailpit out of production: no mail service, and no app service waits for one', () => {
    expect(Object.keys(production.services)).not.toContain('mail');
    for (const [name, service] of Object.entries(production.services)) {
      expect([name, service.image]).not.toEqual([name, expect.stringMatching(/mailpit/)]);
      expect([name, dependsOn(service)]).not.toEqual([name, expect.arrayContaining(['mail'])]);
    }
    expect(productionText).not.toMatch(/smtp:\/\/mail|mailpit/i);
  });

  it('keep Mailpit, example wallets and throwaway secrets in the override, for the local run only', () => {
    expect(override.services.mail.image).toMatch(/^axllent\/mailpit:/);
    for (const name of APP_SERVICES) {
      const service = override.services[name];
      const env = service.environment ?? {};
      expect(dependsOn(service)).toContain('mail');
      expect(env.SMTP_URL).toBe('smtp://mail:1025');
      expect(env.WALLETS_FILE).toBe('/app/config/wallets.example.json');
      expect(env.EXAMPLE_WALLETS_ALLOWED).toBe('true');
      // The secret files are not mounted here (`secrets: !reset []`): every <NAME>_FILE the
      // production file sets is emptied, which the server reads as not set.
      expect(service.secrets).toEqual([]);
      for (const setting of SECRET_SETTINGS) expect([setting, env[`${setting}_FILE`]]).toEqual([setting, '']);
      for (const setting of ['DATABASE_URL', 'JWT_SECRET', 'TOTP_ENCRYPTION_KEY', 'PUBLIC_URL']) {
        expect([setting, typeof env[setting]]).toEqual([setting, 'string']);
      }
    }
    expect(override.services.postgres.secrets).toEqual([]);
  });

  it('keep the override away from a server whose .env comes from .env.example', () => {
    // COMPOSE_FILE in .env: plain `docker compose …` then reads docker-compose.yml alone.
    expect(read('.env.example').split('\n')).toContain('COMPOSE_FILE=docker-compose.yml');
  });

  it('build the app image with its version, revision and build time', () => {
    const build = production.services.app1.build as { args?: Record<string, string> };
    expect(build.args).toEqual(
      expect.objectContaining({
        VERSION: '${APP_VERSION:-local}',
        REVISION: expect.stringMatching(/^\$\{APP_REVISION/),
        CREATED: expect.stringMatching(/^\$\{APP_CREATED/),
      }),
    );
    expect(production.services.app1.image).toBe(production.services.app2.image);
  });
});

/** The Dockerfile's instructions, continuation lines joined, comments dropped. */
function dockerfileInstructions(): string[] {
  return read('Dockerfile')
    .replace(/\\\n/g, ' ')
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line && !line.startsWith('#'));
}

describe('Dockerfile', () => {
  const lines = dockerfileInstructions();
  const stages = lines.reduce<string[][]>((acc, line) => {
    if (line.startsWith('FROM ')) acc.push([]);
    acc[acc.length - 1]?.push(line);
    return acc;
  }, []);
  const runtime = stages[stages.length - 1] ?? [];

  it('builds and runs on a pinned Node LTS release (even major, 22 or later)', () => {
    expect(stages).toHaveLength(2);
    for (const stage of stages) {
      const match = /^FROM node:(\d+)\.(\d+)\.(\d+)-bookworm-slim AS \w+$/.exec(stage[0]);
      if (!match) throw new Error(`${stage[0]}: want FROM node:<major.minor.patch>-bookworm-slim`);
      const major = Number(match[1]);
      expect([stage[0], major >= 22, major % 2]).toEqual([stage[0], true, 0]);
    }
  });

  it('installs with npm ci in both stages, the runtime without dev or optional dependencies', () => {
    expect(lines.join('\n')).not.toMatch(/npm (install|i) /);
    for (const stage of stages) expect(stage.some((l) => /^RUN npm ci /.test(l))).toBe(true);
    const install = runtime.find((l) => l.startsWith('RUN npm ci ')) ?? '';
    expect(install).toMatch(/--omit=dev/);
    // No embedded PostgreSQL in the image.
    expect(install).toMatch(/--omit=optional/);
  });

  it('carries OCI labels from the build arguments and reports its version to the server', () => {
    for (const arg of ['VERSION', 'REVISION', 'CREATED'])
      expect(runtime).toContainEqual(expect.stringMatching(new RegExp(`^ARG ${arg}=`)));
    const labels = runtime.filter((l) => l.startsWith('LABEL ')).join(' ');
    expect(labels).toContain('org.opencontainers.image.version="${VERSION}"');
    expect(labels).toContain('org.opencontainers.image.revision="${REVISION}"');
    expect(labels).toContain('org.opencontainers.image.created="${CREATED}"');
    expect(labels).toMatch(/org\.opencontainers\.image\.title="[^"]+"/);
    expect(labels).toMatch(/org\.opencontainers\.image\.source=/);
    // The same licence as the LICENSE file.
    expect(read('LICENSE')).toMatch(/Apache License\s+Version 2\.0/);
    expect(labels).toContain('org.opencontainers.image.licenses="Apache-2.0"');
    const env = runtime.filter((l) => l.startsWith('ENV ')).join(' ');
    expect(env).toContain('CRYPTOVEST_VERSION="${VERSION}"');
    expect(env).toContain('CRYPTOVEST_REVISION="${REVISION}"');
  });

  it('keeps running as the node user with a health check and the server renderer', () => {
    expect(runtime).toContain('USER node');
    expect(runtime).toContainEqual(expect.stringMatching(/^HEALTHCHECK .*\/readyz/));
    expect(runtime).toContain('COPY --from=build /app/client/dist-ssr client/dist-ssr');
  });

  it('gets a build context without installed modules, local data, history, secrets or test output', () => {
    const ignored = read('.dockerignore')
      .split('\n')
      .map((l) => l.trim())
      .filter((l) => l && !l.startsWith('#'));
    for (const entry of [
      'node_modules',
      '**/node_modules',
      '.data',
      '.git',
      'secrets',
      '.env',
      'test-results',
      'playwright-report',
      'coverage',
    ]) {
      expect(ignored).toContain(entry);
    }
  });
});

/** Debian's caddy (apt-get install caddy), or null. */
function findCaddy(): string | null {
  for (const dir of (process.env.PATH ?? '').split(path.delimiter).concat('/usr/bin')) {
    const candidate = path.join(dir, 'caddy');
    try {
      accessSync(candidate, constants.X_OK);
      return candidate;
    } catch {
      // not here
    }
  }
  return null;
}

async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

interface Answer {
  status: number;
  body: string;
}

/** GET `rawPath` exactly as written (no normalising), on a connection of its own. */
function get(port: number, rawPath: string): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = http.get({ host: '127.0.0.1', port, path: rawPath, agent: false, timeout: 3000 }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (body += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
    });
    req.on('timeout', () => req.destroy(new Error(`GET ${rawPath}: no answer within 3 s`)));
    req.on('error', reject);
  });
}

const CADDY = findCaddy();

it('has caddy installed to run deploy/Caddyfile (Debian: apt-get install caddy)', () => {
  if (!CADDY) throw new Error('caddy not found: apt-get install -y caddy (the CI installs it)');
});

describe('deploy/Caddyfile in Debian caddy, in front of a local instance', () => {
  /** What the instance was asked, path as received, with two of the headers Caddy adds. */
  const seen: { path: string; requestId?: string; forwardedFor?: string }[] = [];
  const upstream = http.createServer((req, res) => {
    // Caddy's own active health checks (/readyz every 2 s, not proxied: no X-Forwarded-For) are
    // not requests of this test.
    const healthCheck = req.url === '/readyz' && !req.headers['x-forwarded-for'];
    if (!healthCheck) {
      seen.push({
        path: req.url ?? '',
        requestId: req.headers['x-request-id'] as string | undefined,
        forwardedFor: req.headers['x-forwarded-for'] as string | undefined,
      });
    }
    res.end(`instance:${req.url}`);
  });
  let caddy: ChildProcess | undefined;
  let caddyOutput = '';
  let port = 0;
  let home = '';

  beforeAll(async () => {
    if (!CADDY) return;
    await new Promise<void>((resolve) => upstream.listen(0, '127.0.0.1', resolve));
    const upstreamPort = (upstream.address() as net.AddressInfo).port;
    port = await freePort();
    home = mkdtempSync(path.join(tmpdir(), 'cv-caddy-'));
    caddy = spawn(CADDY, ['run', '--config', path.join(ROOT, 'deploy', 'Caddyfile'), '--adapter', 'caddyfile'], {
      env: {
        PATH: process.env.PATH,
        HOME: home,
        XDG_CONFIG_HOME: path.join(home, 'config'),
        XDG_DATA_HOME: path.join(home, 'data'),
        SITE_ADDRESS: `:${port}`,
        UPSTREAMS: `127.0.0.1:${upstreamPort}`,
        CADDY_ADMIN: 'off',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    caddy.stdout?.on('data', (d: Buffer) => (caddyOutput += d.toString()));
    caddy.stderr?.on('data', (d: Buffer) => (caddyOutput += d.toString()));
    // Ready when a request through Caddy reaches the instance: at most 15 s, 100 ms apart.
    const deadline = Date.now() + 15_000;
    for (;;) {
      if (caddy.exitCode !== null) throw new Error(`caddy exited with ${caddy.exitCode}:\n${caddyOutput}`);
      const answer = await get(port, '/readyz').catch(() => null);
      if (answer?.status === 200) break;
      if (Date.now() > deadline) throw new Error(`caddy not proxying within 15 s:\n${caddyOutput.slice(-4000)}`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  });

  beforeEach(() => {
    seen.length = 0;
  });

  afterAll(async () => {
    if (caddy && caddy.exitCode === null) {
      const exited = new Promise((resolve) => caddy?.once('exit', resolve));
      caddy.kill('SIGTERM');
      const timer = setTimeout(() => caddy?.kill('SIGKILL'), 5000);
      await exited;
      clearTimeout(timer);
    }
    await new Promise((resolve) => upstream.close(resolve));
    if (home) rmSync(home, { recursive: true, force: true });
  });

  const requireCaddy = () => {
    if (!CADDY || !caddy) throw new Error('caddy not found: apt-get install -y caddy');
  };

  it('answers /metrics and /metrics/* with 404 itself: the instances never see them', async () => {
    requireCaddy();
    const paths = [
      '/metrics',
      '/metrics/',
      '/metrics/cryptovest',
      '/metrics?x=1',
      '/METRICS',
      '/Metrics/',
      '//metrics',
      '/%6Detrics',
      '/a/../metrics',
    ];
    for (const p of paths) {
      const answer = await get(port, p);
      expect([p, answer.status, answer.body]).toEqual([p, 404, '']);
    }
    expect(seen.filter((r) => /metrics/i.test(decodeURIComponent(r.path)))).toEqual([]);
  });

  it('proxies every other path to the instances, with a request id and the client address', async () => {
    requireCaddy();
    for (const p of ['/readyz', '/', '/graphql', '/metrics-and-more', '/api/plans?metrics=1']) {
      const answer = await get(port, p);
      expect([p, answer.status, answer.body]).toEqual([p, 200, `instance:${p}`]);
    }
    expect(seen.map((r) => r.path)).toEqual(['/readyz', '/', '/graphql', '/metrics-and-more', '/api/plans?metrics=1']);
    for (const r of seen) {
      expect(r.requestId).toMatch(/^[0-9a-f-]{36}$/);
      expect(r.forwardedFor).toBe('127.0.0.1');
    }
  });
});
