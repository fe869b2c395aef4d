import { createHash, randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createScratchDatabase, type ScratchDatabase, startTestApp, type TestApp } from '../../test/harness';
import { startTestS3, type TestS3 } from '../../test/s3-server';
import { jpeg, tinyPng } from '../../test/test-images';
import { readAll } from './blob-store';
import { createBlobStore } from './index';
import { moveUploads } from './move-uploads';

/**
 * The one-shot move between drivers (`npm run uploads:move`): disk -> postgres -> s3, every copy
 * checked against the row's SHA-256, safe to run again, the source emptied only when asked.
 * Own database: the move walks every upload row.
 */

let db: ScratchDatabase;
let s3: TestS3;
let t: TestApp;
const dir = mkdtempSync(path.join(os.tmpdir(), 'cv-move-uploads-'));
beforeAll(async () => {
  [db, s3] = await Promise.all([createScratchDatabase(), startTestS3()]);
  t = await startTestApp({ UPLOAD_STORAGE: 'disk', UPLOAD_DIR: dir, ...s3.env }, { databaseUrl: db.url });
});
afterAll(async () => {
  await t.close();
  await Promise.all([db.drop(), s3.close()]);
  rmSync(dir, { recursive: true, force: true });
});

const store = (driver: 'disk' | 'postgres' | 's3') =>
  createBlobStore(t.services.config, t.services.ds, t.services.clock, driver);
const sha = (b: Buffer) => createHash('sha256').update(b).digest('hex');

it('moves every upload disk -> postgres -> s3 intact, again without copying twice, deleting the source only when asked', async () => {
  const { token } = await t.createUser();
  const files = [tinyPng(), jpeg(300, 200, 100_000), tinyPng([0, 0, 255, 255])];
  const ids: string[] = [];
  for (const file of files) {
    const res = await t.http.post('/api/upload').set('authorization', `Bearer ${token}`).attach('file', file, 'p.png');
    expect(res.status).toBe(201);
    ids.push(res.body.data.id);
  }
  const [disk, pg, bucket] = [store('disk'), store('postgres'), store('s3')];
  try {
    expect(await moveUploads(t.services.ds, disk, pg)).toEqual({
      copied: 3,
      alreadyThere: 0,
      missing: [],
      mismatched: [],
      removedFromSource: 0,
    });
    // An interrupted run is finished by running it again: nothing is copied twice.
    expect(await moveUploads(t.services.ds, disk, pg)).toMatchObject({ copied: 0, alreadyThere: 3 });
    expect(await moveUploads(t.services.ds, pg, bucket, { deleteSource: true })).toMatchObject({
      copied: 3,
      removedFromSource: 3,
    });
    for (const [i, id] of ids.entries()) {
      expect(sha(await readAll((await bucket.open(id))!.stream))).toBe(sha(files[i]));
      expect(await pg.open(id)).toBeNull();
      expect(await disk.open(id)).not.toBeNull(); // never asked to delete the disk copies
    }
  } finally {
    await bucket.close();
  }
});

it('refuses to copy bytes that do not match their recorded SHA-256, and reports uploads without bytes', async () => {
  const { token } = await t.createUser();
  const res = await t.http
    .post('/api/upload')
    .set('authorization', `Bearer ${token}`)
    .attach('file', tinyPng([1, 2, 3, 255]), 'p.png');
  const id: string = res.body.data.id;
  writeFileSync(path.join(dir, id), Buffer.from('tampered'));
  const lost = randomUUID();
  await t.services.ds.query(
    `INSERT INTO upload (id, owner_id, content_type, size_bytes, sha256, created_at)
     SELECT $1, owner_id, content_type, size_bytes, sha256, created_at FROM upload WHERE id = $2`,
    [lost, id],
  );
  const report = await moveUploads(t.services.ds, store('disk'), store('postgres'));
  expect(report.mismatched).toEqual([id]);
  expect(report.missing).toEqual([lost]);
  expect(await store('postgres').open(id)).toBeNull();
});
