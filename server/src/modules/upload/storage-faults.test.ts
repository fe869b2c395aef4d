import {
  chmodSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  rmSync,
  statSync,
  unlinkSync,
  writeFileSync,
} from 'node:fs';
import { open, statfs } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { startTestApp, TestApp } from '../../test/harness';
import { jpeg, tinyPng } from '../../test/test-images';
import { Upload } from './upload.entity';
import { DiskBlobStore, NODE_FILES } from '../../platform/storage/disk-store';
import { UPLOAD_MSG, UploadService } from './upload.service';

/**
 * The `disk` upload storage failing under a running server (read-only or unusable directory, full disk):
 * uploads answer 503 + Retry-After without spending the user's hourly budget, leave no row or temp
 * file, /readyz reports `storage` failing, and everything works again once the storage is fixed.
 */

const HOURLY = 3;
const tmpRoot = mkdtempSync(path.join(os.tmpdir(), 'cv-storage-faults-'));
const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
const filesIn = (dir: string) => (existsSync(dir) && statSync(dir).isDirectory() ? readdirSync(dir) : []);

let t: TestApp;
let dir: string;
beforeAll(async () => {
  dir = path.join(tmpRoot, 'volume', 'uploads');
  t = await startTestApp({ UPLOAD_STORAGE: 'disk', UPLOAD_DIR: dir, RATE_LIMIT_UPLOADS_HOURLY: String(HOURLY) });
});
/** The running server's disk store (this file runs with UPLOAD_STORAGE=disk). */
const disk = () => t.services.uploads.blobs as DiskBlobStore;
afterEach(() => {
  disk().files = NODE_FILES;
});
afterAll(async () => {
  await t.close();
  chmodSync(tmpRoot, 0o755);
  rmSync(tmpRoot, { recursive: true, force: true });
});

const post = (token: string, data = tinyPng()) =>
  t.http.post('/api/upload').set(bearer(token)).attach('file', data, 'proof.png');
const rowsOf = (ownerId: string) => t.services.ds.getRepository(Upload).countBy({ ownerId });

/** True when this process can create a file in `d` (root can despite chmod 0555). */
function canWrite(d: string): boolean {
  const probe = path.join(d, '.can-write');
  try {
    writeFileSync(probe, 'x');
    unlinkSync(probe);
    return true;
  } catch {
    return false;
  }
}

/**
 * Makes the upload directory refuse writes with a real fault: chmod 0555 (EACCES) where
 * permissions bind; as root, where they don't, a regular file where the directory's parent should
 * be (mkdir fails with ENOTDIR, as with a volume mounted wrong). Returns how to repair it.
 */
function breakDirectory(): { fault: string; repair: () => void } {
  mkdirSync(dir, { recursive: true });
  chmodSync(dir, 0o555);
  if (!canWrite(dir)) return { fault: 'EACCES', repair: () => chmodSync(dir, 0o755) };
  chmodSync(dir, 0o755);
  const parent = path.dirname(dir);
  rmSync(parent, { recursive: true, force: true });
  writeFileSync(parent, 'a file where a directory belongs');
  return { fault: 'ENOTDIR', repair: () => rmSync(parent) };
}

/** The upload directory itself replaced by a regular file (a volume unmounted and a file left): mkdir fails with EEXIST. */
function fileInPlace(): { fault: string; repair: () => void } {
  rmSync(dir, { recursive: true, force: true });
  writeFileSync(dir, 'a file where the upload directory belongs');
  return { fault: 'EEXIST', repair: () => rmSync(dir) };
}

/**
 * A full disk, for real where it counts: the service's filesystem seam opens the temp and probe
 * files (dot-files in UPLOAD_DIR) on /dev/full, so their writes get ENOSPC from the kernel. A
 * full filesystem of our own would need a mount (root only); this is the one injected step.
 */
function fillDisk(): { fault: string; repair: () => void } {
  disk().files = {
    ...NODE_FILES,
    open: (async (file, flags, mode) =>
      path.dirname(String(file)) === dir && path.basename(String(file)).startsWith('.')
        ? open('/dev/full', 'w')
        : NODE_FILES.open(file, flags, mode)) as typeof open,
  };
  return { fault: 'ENOSPC', repair: () => (disk().files = NODE_FILES) };
}

describe.each([
  ['read-only or unusable directory', breakDirectory],
  ['directory replaced by a file', fileInPlace],
  ['full disk', fillDisk],
])('upload storage fault: %s', (_name, breakStorage) => {
  it('answers 503 + Retry-After, spends no budget, leaves nothing; /readyz says storage; all recovers', async () => {
    const { user, token } = await t.createUser();
    expect((await t.http.get('/readyz')).status).toBe(200);

    const stored = filesIn(dir);
    const { fault, repair } = breakStorage();
    try {
      // More attempts than the hourly budget: were any unit spent, the last would be 429.
      for (let i = 0; i <= HOURLY; i++) {
        const res = await post(token);
        expect({ fault, status: res.status }).toEqual({ fault, status: 503 });
        expect(res.headers['retry-after']).toMatch(/^[1-9]\d*$/);
        expect(res.body).toEqual({ errors: [{ error: UPLOAD_MSG.storageUnavailable, code: 'UNAVAILABLE' }] });
      }
      // The kernel's own error, kept for the log.
      await expect(t.services.uploads.save(user.id, tinyPng())).rejects.toMatchObject({ fault: { code: fault } });
      expect(await rowsOf(user.id)).toBe(0);
      // No temp (.part) or probe file left behind, nothing new stored.
      expect(filesIn(dir).filter((f) => f.startsWith('.') || !stored.includes(f))).toEqual([]);

      // Reported, but the instance stays in rotation: only uploads are affected.
      const ready = await t.http.get('/readyz');
      expect(ready.status).toBe(200);
      expect(ready.body).toEqual({ status: 'degraded', checks: { database: 'ok', storage: 'failing' } });
    } finally {
      repair(); // also when an assertion failed: later tests need working storage
    }
    const back = await t.http.get('/readyz');
    expect(back.status).toBe(200);
    expect(back.body.checks.storage).toBe('ok');
    // The user's full hourly count is still there, and the limit still holds after it.
    for (let i = 0; i < HOURLY; i++) expect((await post(token)).status).toBe(201);
    expect((await post(token)).status).toBe(429);
    expect(await rowsOf(user.id)).toBe(HOURLY);
    expect(filesIn(dir).filter((f) => f.startsWith('.'))).toEqual([]);
  });
});

it('still spends the budget on uploads refused for what the user sent (only storage faults give it back)', async () => {
  const { token } = await t.createUser();
  for (let i = 0; i < HOURLY; i++) expect((await post(token, Buffer.from('not an image'))).status).toBe(422);
  expect((await post(token)).status).toBe(429);
  expect((await post(token, jpeg(10, 10))).status).toBe(429);
});

it('fails the storage check when free space is below the threshold (read with statfs)', async () => {
  const { bavail, bsize } = await statfs(tmpRoot);
  const free = bavail * bsize;
  const { ds, config, limits, logger, clock } = t.services;
  // Twice the largest upload must fit: make the largest upload bigger than the free space.
  const tight = new UploadService(ds, config, limits, logger, clock, new DiskBlobStore(dir, free, ds));
  await expect(tight.checkStorage()).rejects.toThrow(/^low space: .* free, at least .* needed$/);
  await expect(t.services.uploads.checkStorage()).resolves.toBeUndefined();
});
