import { ListObjectsV2Command } from '@aws-sdk/client-s3';
import { randomBytes, randomUUID } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Response } from 'supertest';
import type { UploadStorageDriver } from '../../kernel/config';
import { sqlRows } from '../../db/sql';
import { startTestApp, type TestApp } from '../../test/harness';
import { ManualClock } from '../../test/manual-clock';
import { startTestS3, type TestS3 } from '../../test/s3-server';
import { tinyPng } from '../../test/test-images';
import { Upload } from '../../modules/upload/upload.entity';
import { UPLOAD_MSG } from '../../modules/upload/upload.service';
import { readAll } from './blob-store';
import { PG_CHUNK_BYTES } from './postgres-store';
import { s3Client } from './s3-store';

/**
 * The same upload behaviour on every UPLOAD_STORAGE driver, against the real thing: PostgreSQL,
 * a directory, and an S3 protocol server (s3rver). Bytes round-trip through signed links in
 * several chunks, refused uploads leave nothing, clean-up removes rows with their bytes.
 */

const HOUR = 3600;
const MAX_BYTES = 3 * PG_CHUNK_BYTES; // room for a file of several PostgreSQL chunks
const tmpRoot = mkdtempSync(path.join(os.tmpdir(), 'cv-storage-drivers-'));
/** A real PNG followed by `extra` random bytes (viewers ignore what follows IEND): a big valid upload. */
const bigPng = (extra: number) => Buffer.concat([tinyPng(), randomBytes(extra)]);
const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
const binary = (res: Response, cb: (err: Error | null, body: Buffer) => void) => {
  const parts: Buffer[] = [];
  res.on('data', (c: Buffer) => parts.push(c));
  res.on('end', () => cb(null, Buffer.concat(parts)));
};

let s3: TestS3;
beforeAll(async () => {
  s3 = await startTestS3();
});
afterAll(async () => {
  await s3.close();
  rmSync(tmpRoot, { recursive: true, force: true });
});

describe.each(['postgres', 'disk', 's3'] as UploadStorageDriver[])('UPLOAD_STORAGE=%s', (driver) => {
  // Far in the past and unlike any other file's clock: rows and bytes made here are told apart
  // by their time, and this file's clean-up cannot reach another file's uploads.
  const clock = new ManualClock();
  clock.advanceSeconds(-(45 * 24 + Math.floor(Math.random() * 24)) * HOUR);
  const dir = path.join(tmpRoot, driver);
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(
      {
        UPLOAD_STORAGE: driver,
        UPLOAD_DIR: dir,
        UPLOAD_MAX_BYTES: String(MAX_BYTES),
        ...(driver === 's3' ? { ...s3.env, S3_PREFIX: `${randomUUID()}/` } : {}),
      },
      { clock },
    );
  });
  afterAll(() => t.close());

  /** How many uploads' bytes the store holds that this file's app wrote. */
  async function storedCount(): Promise<number> {
    if (driver === 'disk') return existsSync(dir) ? readdirSync(dir).length : 0;
    if (driver === 'postgres') {
      const [{ n }] = await sqlRows<{ n: number }>(
        t.services.ds,
        `SELECT count(DISTINCT upload_id)::int AS n FROM upload_blob WHERE created_at < now() - interval '30 days'
            AND created_at >= $1`,
        [new Date(clock.now().getTime() - 60 * 24 * HOUR * 1000)],
      );
      return n;
    }
    const listed = await s3Client(t.services.config.s3!).send(
      new ListObjectsV2Command({ Bucket: s3.bucket, Prefix: t.services.config.s3!.prefix }),
    );
    return listed.KeyCount ?? 0;
  }
  const post = (token: string, data: Buffer) =>
    t.http.post('/api/upload').set(bearer(token)).attach('file', data, 'proof.png');

  it('stores a file of several chunks and serves it back byte-identical through its signed link', async () => {
    const { token } = await t.createUser();
    const photo = bigPng(2 * PG_CHUNK_BYTES + 12_345);
    const res = await post(token, photo);
    expect(res.status).toBe(201);
    const got = await t.http.get(res.body.data.url).buffer(true).parse(binary);
    expect(got.status).toBe(200);
    expect(got.headers['content-length']).toBe(String(photo.length));
    expect((got.body as Buffer).equals(photo)).toBe(true);
    const blob = await t.services.uploads.blobs.open(res.body.data.id);
    expect(blob?.size).toBe(photo.length);
    expect((await readAll(blob!.stream)).equals(photo)).toBe(true);
  });

  it('leaves no bytes behind for a refused upload (not an image, too large, over the quota)', async () => {
    const { token } = await t.createUser();
    const before = await storedCount();
    const notImage = await post(token, Buffer.alloc(2 * PG_CHUNK_BYTES, 0x41));
    expect(notImage.status).toBe(422);
    expect(notImage.body.errors[0].error).toBe(UPLOAD_MSG.notImage);
    // Refused only after two chunks were written: the partial bytes must go too.
    const tooLarge = await post(token, bigPng(MAX_BYTES));
    expect(tooLarge.status).toBe(413);
    expect(await storedCount()).toBe(before);
  });

  it('answers 404 when the row has lost its bytes, never 500', async () => {
    const { token } = await t.createUser();
    const res = await post(token, tinyPng());
    await t.services.uploads.blobs.remove(res.body.data.id);
    expect((await t.http.get(res.body.data.url)).status).toBe(404);
  });

  it('removes an unattached upload with its bytes a day later, and bytes no row records', async () => {
    const { token } = await t.createUser();
    const res = await post(token, tinyPng());
    const orphan = randomUUID(); // bytes written by a process that stopped before recording them
    await t.services.uploads.blobs.put(
      orphan,
      (async function* () {
        yield tinyPng();
      })(),
    );
    clock.advanceSeconds(25 * HOUR);
    await t.services.uploads.removeUnattached();
    expect(await t.services.ds.getRepository(Upload).existsBy({ id: res.body.data.id })).toBe(false);
    expect(await t.services.uploads.blobs.open(res.body.data.id)).toBeNull();
    // The disk store judges age by the file's time, which the test clock does not move.
    if (driver === 'postgres') expect(await t.services.uploads.blobs.open(orphan)).toBeNull();
    await t.services.uploads.blobs.remove(orphan);
  });
});

describe('UPLOAD_STORAGE=s3 when the S3 server stops', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ UPLOAD_STORAGE: 's3', ...s3.env, S3_PREFIX: `${randomUUID()}/` });
  });
  afterAll(() => t.close());

  it('answers 503 (upload and link), reports storage failing on /readyz, and recovers when it is back', async () => {
    const { user, token } = await t.createUser();
    const stored = await t.http.post('/api/upload').set(bearer(token)).attach('file', tinyPng(), 'a.png');
    expect(stored.status).toBe(201);
    await s3.stop();
    try {
      const refused = await t.http.post('/api/upload').set(bearer(token)).attach('file', tinyPng(), 'b.png');
      expect(refused.status).toBe(503);
      expect(refused.body.errors[0]).toEqual({ error: UPLOAD_MSG.storageUnavailable, code: 'UNAVAILABLE' });
      expect((await t.http.get(stored.body.data.url)).status).toBe(503);
      const ready = await t.http.get('/readyz');
      expect(ready.body.checks.storage).toBe('failing');
      expect(await t.services.ds.getRepository(Upload).countBy({ ownerId: user.id })).toBe(1);
    } finally {
      await s3.start();
    }
    expect((await t.http.get('/readyz')).body.checks.storage).toBe('ok');
    expect((await t.http.get(stored.body.data.url)).status).toBe(200);
    expect((await t.http.post('/api/upload').set(bearer(token)).attach('file', tinyPng(), 'c.png')).status).toBe(201);
  });
});
