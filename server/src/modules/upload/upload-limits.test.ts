import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startTestApp, TestApp } from '../../test/harness';
import { ManualClock } from '../../test/manual-clock';
import { Plan } from '../plan/plan.entity';
import { jpeg, pngHeader, tinyPng } from '../../test/test-images';
import { Upload } from './upload.entity';
import { UPLOAD_MSG } from './upload.service';

/** Attacks on storage: decompression bombs, filling the disk, and uploads left lying around. */

const tmpRoot = mkdtempSync(path.join(os.tmpdir(), 'cv-upload-limits-'));
const filesIn = (dir: string) => (existsSync(dir) ? readdirSync(dir) : []);
const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
const post = (app: TestApp, token: string, data: Buffer, name = 'proof.png') =>
  app.http.post('/api/upload').set(bearer(token)).attach('file', data, name);
const rowsOf = (app: TestApp, ownerId: string) => app.services.ds.getRepository(Upload).countBy({ ownerId });
const apps: TestApp[] = [];
afterAll(async () => {
  await Promise.all(apps.map((app) => app.close()));
  rmSync(tmpRoot, { recursive: true, force: true });
});

/** Starts an app with its own upload directory, closed after all tests. */
async function appWith(name: string, overrides: Record<string, string> = {}, clock?: ManualClock) {
  const dir = path.join(tmpRoot, name);
  const app = await startTestApp({ UPLOAD_STORAGE: 'disk', UPLOAD_DIR: dir, ...overrides }, { clock });
  apps.push(app);
  return { app, dir };
}

describe('pixel limit (UPLOAD_MAX_PIXELS, default 50 megapixels)', () => {
  let t: TestApp;
  let dir: string;
  beforeAll(async () => {
    ({ app: t, dir } = await appWith('pixels'));
  });

  const refusedWith = async (data: Buffer, message: string) => {
    const { user, token } = await t.createUser();
    const before = filesIn(dir).length;
    const res = await post(t, token, data);
    expect(res.status).toBe(422);
    expect(res.body.errors).toEqual([{ error: message, code: 'VALIDATION', field: 'file' }]);
    expect(await rowsOf(t, user.id)).toBe(0);
    expect(filesIn(dir).length).toBe(before);
  };

  it('refuses a 20000x20000 PNG (a 400-megapixel bomb in a few bytes) and stores nothing', async () => {
    await refusedWith(pngHeader(20_000, 20_000), 'image is too large (at most 50 megapixels)');
    expect(UPLOAD_MSG.tooManyPixels(50_000_000)).toBe('image is too large (at most 50 megapixels)');
  });

  it('refuses as soon as the header is read, without reading the rest of the file', async () => {
    const { user } = await t.createUser();
    async function* bomb() {
      yield pngHeader(20_000, 20_000);
      throw new Error('read past the header');
    }
    await expect(t.services.uploads.save(user.id, bomb())).rejects.toMatchObject({
      httpStatus: 422,
      fields: [{ field: 'file', message: UPLOAD_MSG.tooManyPixels(50_000_000) }],
    });
  });

  it('finds a JPEG size marker that follows 300 KB of metadata', async () => {
    await refusedWith(jpeg(20_000, 20_000, 300 * 1024), UPLOAD_MSG.tooManyPixels(50_000_000));
  });

  it('refuses as not an image a file whose dimensions cannot be read', async () => {
    await refusedWith(jpeg(100, 100, 600 * 1024), UPLOAD_MSG.notImage); // size beyond the 512 KB head
    await refusedWith(Buffer.concat([pngHeader(1, 1).subarray(0, 8), Buffer.alloc(64, 7)]), UPLOAD_MSG.notImage);
    await refusedWith(jpeg(100, 0), UPLOAD_MSG.notImage);
  });

  it('accepts normal images, up to exactly the limit', async () => {
    const { token } = await t.createUser();
    for (const data of [tinyPng(), jpeg(4000, 3000, 100 * 1024), pngHeader(10_000, 5_000)]) {
      expect((await post(t, token, data)).status).toBe(201);
    }
    await refusedWith(pngHeader(10_000, 5_001), UPLOAD_MSG.tooManyPixels(50_000_000));
  });
});

describe('storage quota per user (UPLOAD_USER_QUOTA_BYTES)', () => {
  const png = tinyPng();
  let t: TestApp;
  let dir: string;
  let quota: number;

  const expectQuotaRefusal = (res: { status: number; body: { errors: unknown } }) => {
    expect(res.status).toBe(413);
    expect(res.body.errors).toEqual([{ error: UPLOAD_MSG.quotaFull(quota), code: 'PAYLOAD_TOO_LARGE', field: 'file' }]);
  };

  describe('room for two small images', () => {
    beforeAll(async () => {
      quota = 2 * png.length + 10;
      ({ app: t, dir } = await appWith('quota', { UPLOAD_USER_QUOTA_BYTES: String(quota) }));
    });

    it('refuses (413) the upload that would pass the quota, stores nothing, and leaves others alone', async () => {
      const a = await t.createUser();
      expect((await post(t, a.token, png)).status).toBe(201);
      expect((await post(t, a.token, png)).status).toBe(201);
      const files = filesIn(dir).length;
      expectQuotaRefusal(await post(t, a.token, png));
      expect(await rowsOf(t, a.user.id)).toBe(2);
      expect(filesIn(dir).length).toBe(files);
      expect(UPLOAD_MSG.quotaFull(104_857_600)).toBe('not enough upload space left (at most 100 MB per user)');

      const b = await t.createUser();
      expect((await post(t, b.token, png)).status).toBe(201);
    });

    it('refuses a file bigger than the room left while it streams in', async () => {
      const { user, token } = await t.createUser();
      expectQuotaRefusal(await post(t, token, Buffer.concat([png, Buffer.alloc(quota + 1 - png.length)])));
      expect(await rowsOf(t, user.id)).toBe(0);
    });
  });

  describe('room for one and a half images', () => {
    beforeAll(async () => {
      quota = Math.floor(png.length * 1.5);
      ({ app: t } = await appWith('quota-race', { UPLOAD_USER_QUOTA_BYTES: String(quota) }));
    });

    /** How many sessions wait, directly or in a queue, for session `pid`'s locks. */
    const waitingBehind = async (pid: number): Promise<number> => {
      const [{ waiting }] = await t.services.ds.query(
        `WITH RECURSIVE behind(pid) AS (
           SELECT pid FROM pg_stat_activity WHERE $1 = ANY(pg_blocking_pids(pid))
           UNION SELECT a.pid FROM pg_stat_activity a JOIN behind b ON b.pid = ANY(pg_blocking_pids(a.pid))
         ) SELECT count(*)::int AS waiting FROM behind`,
        [pid],
      );
      return waiting;
    };

    it('lets only one of two parallel uploads in', async () => {
      const { user, token } = await t.createUser();
      // Hold the user's row, so both uploads reach the database and wait there at the same time.
      const holder = t.services.ds.createQueryRunner();
      await holder.startTransaction();
      const [{ pid }] = await holder.query(`SELECT pg_backend_pid() AS pid`);
      await holder.query(`SELECT id FROM app_user WHERE id = $1 FOR UPDATE`, [user.id]);
      const both = Promise.all([post(t, token, png), post(t, token, png)]);
      while ((await waitingBehind(pid)) < 2) await new Promise((resolve) => setTimeout(resolve, 10));
      await holder.commitTransaction();
      await holder.release();

      const [first, second] = await both;
      const [created, refused] = first.status === 201 ? [first, second] : [second, first];
      expect(created.status).toBe(201);
      expectQuotaRefusal(refused);
      expect(await rowsOf(t, user.id)).toBe(1);
    });
  });
});

describe('removing unattached uploads (UploadService.removeUnattached)', () => {
  const HOUR = 3600;
  const clock = new ManualClock();
  // In the past, so this clean-up cannot reach uploads other test files make in the shared database.
  clock.advanceSeconds(-30 * 24 * HOUR);
  let t: TestApp;
  let dir: string;
  let gold: Plan;
  beforeAll(async () => {
    ({ app: t, dir } = await appWith('cleanup', {}, clock));
    gold = await t.services.ds.getRepository(Plan).findOneByOrFail({ name: 'Gold' });
  });

  const upload = async (token: string): Promise<string> => (await post(t, token, tinyPng())).body.data.id;
  const stored = async (id: string) =>
    (await t.services.ds.getRepository(Upload).existsBy({ id })) && existsSync(path.join(dir, id));

  it('removes an upload nothing refers to a day after it was made, row and file', async () => {
    const { token } = await t.createUser();
    const [loose, proof, avatar] = [await upload(token), await upload(token), await upload(token)];
    const deposit = await t.http
      .post('/api/transaction/create')
      .set(bearer(token))
      .send({
        trxType: 'DEPOSIT',
        planId: gold.id,
        crypto: 'bitcoin',
        amount: '10000',
        transactionId: randomBytes(32).toString('hex'),
        imageUrl: proof,
      });
    expect(deposit.status).toBe(201);
    expect((await t.http.put('/api/user').set(bearer(token)).send({ profileImage: avatar })).status).toBe(200);

    clock.advanceSeconds(23 * HOUR);
    expect(await t.services.scheduler.runNow('uploads.removeUnattached')).toBe(true); // the hourly task
    expect(await t.services.uploads.removeUnattached()).toBe(0);
    expect(await stored(loose)).toBe(true);

    clock.advanceSeconds(2 * HOUR);
    expect(await t.services.uploads.removeUnattached()).toBe(1);
    expect(await stored(loose)).toBe(false);
    expect(await stored(proof)).toBe(true);
    expect(await stored(avatar)).toBe(true);
  });

  it('cannot take an upload its owner is attaching at that moment', async () => {
    const { user, token } = await t.createUser();
    const [attaching, forgotten] = [await upload(token), await upload(token)];
    clock.advanceSeconds(25 * HOUR);
    // A deposit checks (claims) its proof, then inserts the transaction; the clean-up runs in between.
    await t.services.uploads.claim(attaching, user.id);
    await t.services.uploads.removeUnattached();
    expect(await stored(attaching)).toBe(true);
    expect(await stored(forgotten)).toBe(false);
    // The other way round: once removed, an upload can no longer be attached.
    await expect(t.services.uploads.claim(forgotten, user.id)).rejects.toMatchObject({
      fields: [{ field: 'imageUrl', message: UPLOAD_MSG.unknown }],
    });
    // A claim only restarts the day: left unattached, the upload still goes.
    clock.advanceSeconds(25 * HOUR);
    await t.services.uploads.removeUnattached();
    expect(await stored(attaching)).toBe(false);
  });
});
