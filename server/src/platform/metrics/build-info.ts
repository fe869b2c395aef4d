import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { Gauge, type Registry } from 'prom-client';

/** What is running: the release, its source revision and the Node.js version (GET /version, `cryptovest_build_info`). */
export interface BuildInfo {
  version: string;
  revision: string;
  node: string;
}

/** What the deployment says about itself (the image's CRYPTOVEST_VERSION and CRYPTOVEST_REVISION), when it says it. */
export interface ReleaseSettings {
  version?: string | null;
  revision?: string | null;
}

/** Said when nothing tells: no image variable, no readable package.json. */
const UNKNOWN = 'unknown';

/** A label value stays short and printable whatever the environment holds. */
const clean = (s: string | null | undefined) => {
  const v = s?.trim().slice(0, 64);
  return v && /^[\x21-\x7e]+$/.test(v) ? v : null;
};

let packageVersion: string | null | undefined;

/**
 * The root package.json's `version` (the repository's release), read once per process: the
 * nearest package.json above this file that declares `workspaces` (server/src or server/dist alike).
 */
function rootPackageVersion(): string | null {
  if (packageVersion !== undefined) return packageVersion;
  packageVersion = null;
  for (let dir = __dirname; ; dir = path.dirname(dir)) {
    const file = path.join(dir, 'package.json');
    if (existsSync(file)) {
      try {
        const json = JSON.parse(readFileSync(file, 'utf8')) as { version?: unknown; workspaces?: unknown };
        if (json.workspaces) {
          packageVersion = typeof json.version === 'string' ? clean(json.version) : null;
          break;
        }
      } catch {
        // an unreadable package.json is not the root's: keep looking
      }
    }
    if (path.dirname(dir) === dir) break;
  }
  return packageVersion;
}

/**
 * The build as this process sees it: the deployment's version and revision when given (the Docker
 * image sets them), else the root package.json's version and `unknown` revision.
 */
export function resolveBuildInfo(release: ReleaseSettings = {}): BuildInfo {
  return {
    version: clean(release.version) ?? rootPackageVersion() ?? UNKNOWN,
    revision: clean(release.revision) ?? UNKNOWN,
    node: process.version,
  };
}

/**
 * `cryptovest_build_info{version,revision,node} 1`: joins onto any series (`* on(instance)
 * group_left(version)`) so dashboards show which release each instance runs, and a deploy shows
 * as the label changing.
 */
export function buildInfoMetric(registry: Registry, build: BuildInfo): void {
  new Gauge({
    name: 'cryptovest_build_info',
    help: 'Always 1; the labels say which release, source revision and Node.js version this instance runs',
    labelNames: ['version', 'revision', 'node'] as const,
    registers: [registry],
  }).set({ ...build }, 1);
}
