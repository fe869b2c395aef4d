import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import request from 'supertest';
import { startTestApp, type TestApp } from '../test/harness';
import { allSamples, declaredNames } from '../test/prometheus-text';

// The alert rules and the dashboard are files next to the code (issue 37): they must stay valid
// Prometheus, their unit tests must pass, and every metric they use must exist in the app's real
// /metrics, so renaming a metric (or dropping a label) breaks this test, not a 3 a.m. page.

const ROOT = path.resolve(__dirname, '../../..');
const RULES = path.join(ROOT, 'deploy/prometheus/alerts.yml');
const RULE_TESTS = path.join(ROOT, 'deploy/prometheus/alerts.test.yml');
const DASHBOARD = path.join(ROOT, 'deploy/grafana/cryptovest.json');
const OPERATIONS = path.join(ROOT, 'docs/operations.md');
const PROMTOOL = 'promtool';

/** Runs promtool; fails with how to install it when it is missing (CI installs the `prometheus` package). */
function promtool(...args: string[]): string {
  const run = spawnSync(PROMTOOL, args, { cwd: ROOT, encoding: 'utf8', timeout: 60_000 });
  if ((run.error as NodeJS.ErrnoException | undefined)?.code === 'ENOENT')
    throw new Error(
      'promtool is not installed: `apt-get install prometheus` (Debian/Ubuntu; it brings /usr/bin/promtool), ' +
        'or put promtool from a Prometheus release on PATH. The alert rules in deploy/prometheus are checked with it.',
    );
  if (run.error) throw run.error;
  const output = `${run.stdout}${run.stderr}`;
  if (run.status !== 0) throw new Error(`promtool ${args.join(' ')} failed (exit ${run.status}):\n${output}`);
  return output;
}

/** Expressions a file uses: every PromQL text of the dashboard, the whole rule files (rules, test series, texts). */
function dashboardExpressions(): string[] {
  const found: string[] = [];
  const walk = (v: unknown) => {
    if (Array.isArray(v)) v.forEach(walk);
    else if (v && typeof v === 'object')
      for (const [k, x] of Object.entries(v)) {
        if ((k === 'expr' || k === 'definition') && typeof x === 'string') found.push(x);
        else walk(x);
      }
  };
  walk(JSON.parse(readFileSync(DASHBOARD, 'utf8')));
  return found;
}

/** Our metric names in a text (Prometheus' own `up`, `time()` and the like are not ours). */
const metricNames = (text: string) => new Set(text.match(/\b(?:cryptovest|process|nodejs)_[a-z0-9_]+\b/g) ?? []);

/** Labels a text selects or groups each metric by: `m{a="x", b=~"y"}` and `by (a, b) (f(m...`. */
function labelUses(text: string): { metric: string; label: string }[] {
  const uses: { metric: string; label: string }[] = [];
  for (const [, metric, selector] of text.matchAll(/\b((?:cryptovest|process|nodejs)_[a-z0-9_]+)\{([^}]*)\}/g))
    for (const [, label] of selector.matchAll(/(\w+)\s*(?:=~|!~|!=|=)/g)) uses.push({ metric, label });
  for (const [, labels, metric] of text.matchAll(
    /\bby\s*\(([^)]*)\)\s*\(\s*(?:\w+\(\s*)?((?:cryptovest|process|nodejs)_[a-z0-9_]+)/g,
  ))
    for (const label of labels
      .split(',')
      .map((l) => l.trim())
      .filter(Boolean))
      uses.push({ metric, label });
  return uses;
}

describe('deploy/prometheus with promtool', () => {
  it('the rules are valid Prometheus rules', () => {
    expect(promtool('check', 'rules', RULES)).toMatch(/SUCCESS: \d+ rules found/);
  });

  it("the rules' unit tests pass (5xx, ledger mismatch, stale reconciliation, scrape down, settlement)", () => {
    expect(promtool('test', 'rules', RULE_TESTS)).toContain('SUCCESS');
  });
});

describe('every metric the alerts and the dashboard use is in the real /metrics', () => {
  const TOKEN = 'observability-files-token-0123456789';
  let t: TestApp;
  let scrape: string;
  beforeAll(async () => {
    t = await startTestApp({ METRICS_TOKEN: TOKEN });
    // A few answers, so the request series have samples whose labels can be checked.
    await t.http.get('/api/plans');
    await t.gql('query Plans { plans { id } }');
    await t.gql('query Broken { noSuchField }');
    scrape = (await request(t.app.app).get('/metrics').set('authorization', `Bearer ${TOKEN}`)).text;
  });
  afterAll(() => t.close());

  const files = () => ({
    'deploy/prometheus/alerts.yml': readFileSync(RULES, 'utf8'),
    'deploy/prometheus/alerts.test.yml': readFileSync(RULE_TESTS, 'utf8'),
    'deploy/grafana/cryptovest.json': dashboardExpressions().join('\n'),
  });

  it('uses only metric names /metrics declares (histograms with _bucket, _sum, _count)', () => {
    const declared = declaredNames(scrape);
    expect(declared.size).toBeGreaterThan(40);
    for (const [file, text] of Object.entries(files())) {
      const used = [...metricNames(text)];
      expect({ file, used: used.length > 0 }).toEqual({ file, used: true }); // the pattern still finds them
      expect({ file, missing: used.filter((name) => !declared.has(name)) }).toEqual({ file, missing: [] });
    }
  });

  it('selects and groups each metric only by labels it has (where /metrics shows samples of it)', () => {
    const samples = allSamples(scrape);
    const labelsOf = (metric: string) => {
      const own = samples.filter((s) => s.name === metric);
      return own.length ? new Set(own.flatMap((s) => Object.keys(s.labels))) : null;
    };
    const added = new Set(['job', 'instance']); // Prometheus adds them at scrape
    for (const [file, text] of Object.entries(files())) {
      const wrong = labelUses(text)
        .filter(({ metric, label }) => !added.has(label) && labelsOf(metric) && !labelsOf(metric)!.has(label))
        .map(({ metric, label }) => `${metric} has no label ${label}`);
      expect({ file, wrong: [...new Set(wrong)] }).toEqual({ file, wrong: [] });
    }
    // The check sees the request metrics it guards (the histogram has no `status`).
    expect(labelsOf('cryptovest_http_request_duration_seconds_bucket')).toEqual(new Set(['method', 'route', 'le']));
  });
});

describe('the dashboard and the runbooks', () => {
  it('is a Grafana dashboard importable with any Prometheus: schema 39, every query on ${DS_PROMETHEUS}', () => {
    const dashboard = JSON.parse(readFileSync(DASHBOARD, 'utf8'));
    expect(dashboard.schemaVersion).toBe(39);
    expect(dashboard.__inputs).toEqual([expect.objectContaining({ name: 'DS_PROMETHEUS', pluginId: 'prometheus' })]);
    const panels = dashboard.panels.filter((p: { type: string }) => p.type !== 'row');
    expect(panels.length).toBeGreaterThanOrEqual(20);
    for (const p of panels) {
      expect({ title: p.title, ds: p.datasource.uid }).toEqual({ title: p.title, ds: '${DS_PROMETHEUS}' });
      for (const target of p.targets) expect(target.datasource.uid).toBe('${DS_PROMETHEUS}');
    }
    const ids = dashboard.panels.map((p: { id: number }) => p.id);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('every alert has for, a severity, summary, description and a runbook_url to a section of docs/operations.md', () => {
    const rules = readFileSync(RULES, 'utf8');
    const alerts = rules.split(/\n(?= +- alert: )/).slice(1);
    expect(alerts.length).toBeGreaterThanOrEqual(20);
    // GitHub's heading anchors: lower case, punctuation dropped, spaces to hyphens.
    const anchors = new Set(
      [...readFileSync(OPERATIONS, 'utf8').matchAll(/^#{2,4} (.+)$/gm)].map((m) =>
        m[1]
          .trim()
          .toLowerCase()
          .replace(/[^\w\- ]/g, '')
          .replace(/ /g, '-'),
      ),
    );
    for (const alert of alerts) {
      const name = /- alert: (\w+)/.exec(alert)![1];
      const anchor = /runbook_url: '?docs\/operations\.md#([\w-]+)'?/.exec(alert)?.[1];
      expect({
        name,
        for: /\n\s+for: \d+[smh]/.test(alert),
        severity: /\n\s+severity: (critical|warning)\n/.test(alert),
        summary: /\n\s+summary: /.test(alert),
        description: /\n\s+description: /.test(alert),
        runbook: anchor !== undefined && anchors.has(anchor),
      }).toEqual({ name, for: true, severity: true, summary: true, description: true, runbook: true });
    }
  });
});
