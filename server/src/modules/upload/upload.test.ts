import { createHash } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Response } from 'supertest';
import { AppError } from '../../kernel/errors';
import { startTestApp, TestApp } from '../../test/harness';
import { UserType } from '../user/user.entity';
import { jpeg, tinyPng } from '../../test/test-images';
import { Upload } from './upload.entity';
import { UPLOAD_MSG } from './upload.service';

/** Collects any response body as raw bytes. */
const binary = (res: Response, cb: (err: Error | null, body: Buffer) => void) => {
  const parts: Buffer[] = [];
  res.on('data', (c: Buffer) => parts.push(c));
  res.on('end', () => cb(null, Buffer.concat(parts)));
};

const tmpRoot = mkdtempSync(path.join(os.tmpdir(), 'cv-upload-test-'));
const uploadDir = path.join(tmpRoot, 'not-yet', 'uploads'); // created on demand
const filesIn = (dir: string) => (existsSync(dir) ? readdirSync(dir) : []);

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ UPLOAD_STORAGE: 'disk', UPLOAD_DIR: uploadDir });
});
afterAll(async () => {
  await t.close();
  rmSync(tmpRoot, { recursive: true, force: true });
});

const post = (app: TestApp, token: string | null, data: Buffer, name = 'proof.png') => {
  const req = app.http.post('/api/upload');
  if (token) req.set('authorization', `Bearer ${token}`);
  return req.attach('file', data, name);
};
const rowsOf = (ownerId: string) => t.services.ds.getRepository(Upload).countBy({ ownerId });

describe('POST /api/upload', () => {
  it('stores a PNG and serves it back byte-identical through its signed link', async () => {
    const { user, token } = await t.createUser();
    const png = tinyPng();
    const res = await post(t, token, png, 'whatever.txt');
    expect(res.status).toBe(201);
    const { id, url } = res.body.data;
    expect(res.body.data).toEqual({ _id: id, id, url, contentType: 'image/png', size: png.length });
    expect(url).toMatch(new RegExp(`^/api/upload/${id}\\?expires=\\d+&sig=[\\w-]{43}$`));

    const row = await t.services.ds.getRepository(Upload).findOneByOrFail({ id });
    expect(row).toMatchObject({ ownerId: user.id, contentType: 'image/png', sizeBytes: png.length });
    expect(row.sha256).toBe(createHash('sha256').update(png).digest('hex'));
    expect(readFileSync(path.join(uploadDir, id)).equals(png)).toBe(true);
    expect(filesIn(uploadDir).filter((f) => f.startsWith('.'))).toEqual([]); // no temp files left

    // Opened like a new tab: no bearer header.
    const got = await t.http.get(url).buffer(true).parse(binary);
    expect(got.status).toBe(200);
    expect((got.body as Buffer).equals(png)).toBe(true);
    expect(got.headers['content-type']).toBe('image/png');
    expect(got.headers['content-length']).toBe(String(png.length));
    expect(got.headers['x-content-type-options']).toBe('nosniff');
    expect(got.headers['content-disposition']).toBe('inline');
    expect(got.headers['content-security-policy']).toMatch(/^default-src 'none'/);
    const maxAge = Number(/^private, max-age=(\d+)$/.exec(got.headers['cache-control'])?.[1]);
    expect(maxAge).toBeGreaterThan(3590);
    expect(maxAge).toBeLessThanOrEqual(3600);
  });

  it('accepts JPEG, WebP and GIF by their magic bytes, whatever the name says', async () => {
    const { token } = await t.createUser(UserType.ADMIN); // any signed-in user may upload
    const cases: [Buffer, string][] = [
      [jpeg(1, 1), 'image/jpeg'],
      [Buffer.concat([Buffer.from('RIFF\x1a\0\0\0WEBPVP8L'), Buffer.alloc(14, 1)]), 'image/webp'],
      [Buffer.from('GIF89a\x01\0\x01\0\0\0\0;', 'latin1'), 'image/gif'],
    ];
    for (const [data, type] of cases) {
      const res = await post(t, token, data, 'file.bin');
      expect(res.status).toBe(201);
      expect(res.body.data.contentType).toBe(type);
    }
  });

  it.each([
    ['a text file named .png', Buffer.from('just some text, not an image at all'), 'fake.png'],
    ['an SVG', Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'), 'x.svg'],
    ['HTML', Buffer.from('<!doctype html><script>alert(document.cookie)</script>'), 'x.html'],
    ['a truncated PNG signature', tinyPng().subarray(0, 6), 'x.png'],
  ])('refuses %s (422 on file) and stores nothing', async (_label, data, name) => {
    const { user, token } = await t.createUser();
    const before = filesIn(uploadDir).length;
    const res = await post(t, token, data, name);
    expect(res.status).toBe(422);
    expect(res.body.errors).toEqual([{ error: UPLOAD_MSG.notImage, code: 'VALIDATION', field: 'file' }]);
    expect(await rowsOf(user.id)).toBe(0);
    expect(filesIn(uploadDir).length).toBe(before);
  });

  it('requires a non-empty `file` part', async () => {
    const { token } = await t.createUser();
    const auth = { authorization: `Bearer ${token}` };
    const empty = await post(t, token, Buffer.alloc(0));
    const otherField = await t.http.post('/api/upload').set(auth).attach('image', tinyPng(), 'x.png');
    const json = await t.http.post('/api/upload').set(auth).send({ file: 'x' });
    for (const res of [empty, otherField, json]) {
      expect(res.status).toBe(422);
      expect(res.body.errors).toEqual([{ error: UPLOAD_MSG.required, code: 'VALIDATION', field: 'file' }]);
    }
  });

  it('answers 400 to a broken multipart body', async () => {
    const { token } = await t.createUser();
    const res = await t.http
      .post('/api/upload')
      .set('authorization', `Bearer ${token}`)
      .set('content-type', 'multipart/form-data; boundary=zz')
      .send(Buffer.concat([Buffer.from('--zz\r\nContent-Disposition: form-data; name="file"\r\n\r\n'), tinyPng()]));
    expect(res.status).toBe(400);
    expect(res.body.errors[0].error).toBe('Malformed multipart body');
  });

  it('needs a session (401)', async () => {
    const res = await post(t, null, tinyPng());
    expect(res.status).toBe(401);
    expect(res.body.errors[0].code).toBe('UNAUTHENTICATED');
  });
});

describe('upload limits', () => {
  let small: TestApp;
  const smallDir = path.join(tmpRoot, 'small');
  beforeAll(async () => {
    small = await startTestApp({
      UPLOAD_STORAGE: 'disk',
      UPLOAD_DIR: smallDir,
      UPLOAD_MAX_BYTES: '1024',
      RATE_LIMIT_UPLOADS_HOURLY: '3',
    });
  });
  afterAll(() => small.close());

  it('refuses files over UPLOAD_MAX_BYTES (413), however large the body, and stores nothing', async () => {
    const { user, token } = await small.createUser();
    const png = tinyPng();
    const justOver = Buffer.concat([png, Buffer.alloc(1025 - png.length)]);
    const huge = Buffer.concat([png, Buffer.alloc(300 * 1024)]); // over the whole-body cap as well
    for (const data of [justOver, huge]) {
      const res = await post(small, token, data);
      expect(res.status).toBe(413);
      expect(res.body.errors).toEqual([{ error: UPLOAD_MSG.tooLarge, code: 'PAYLOAD_TOO_LARGE', field: 'file' }]);
    }
    expect(await small.services.ds.getRepository(Upload).countBy({ ownerId: user.id })).toBe(0);
    expect(filesIn(smallDir)).toEqual([]);
    // Exactly at the limit is fine (this is the third of the user's 3 uploads this hour).
    const atLimit = await post(small, token, Buffer.concat([png, Buffer.alloc(1024 - png.length)]));
    expect(atLimit.status).toBe(201);
    expect(atLimit.body.data.size).toBe(1024);
  });

  it('limits uploads per user per hour (429) without touching other users', async () => {
    const a = await small.createUser();
    const b = await small.createUser();
    for (let i = 0; i < 3; i += 1) expect((await post(small, a.token, tinyPng())).status).toBe(201);
    const refused = await post(small, a.token, tinyPng());
    expect(refused.status).toBe(429);
    expect(refused.body.errors[0].error).toMatch(/^Too many uploads\. Try again in \d+ (seconds|minutes)\.$/);
    expect((await post(small, b.token, tinyPng())).status).toBe(201);
  });
});

describe('GET /api/upload/:id (signed links)', () => {
  let id: string;
  let url: string;
  let ownerId: string;
  beforeAll(async () => {
    const owner = await t.createUser();
    ownerId = owner.user.id;
    const res = await post(t, owner.token, tinyPng([0, 255, 0, 255]));
    ({ id, url } = res.body.data);
  });

  const expectRefused = async (link: string, status: number, message: string) => {
    const res = await t.http.get(link);
    expect(res.status).toBe(status);
    expect(res.body.errors[0].error).toBe(message);
  };

  it('refuses the bare path, a tampered signature or expiry, and another id (403)', async () => {
    const { searchParams } = new URL(url, 'http://x');
    const sig = searchParams.get('sig')!;
    const expires = searchParams.get('expires')!;
    const flipped = (sig[0] === 'A' ? 'B' : 'A') + sig.slice(1);
    const other = (await post(t, (await t.createUser()).token, tinyPng())).body.data.id;
    await expectRefused(`/api/upload/${id}`, 403, UPLOAD_MSG.invalidLink);
    await expectRefused(`/api/upload/${id}?expires=${expires}&sig=${flipped}`, 403, UPLOAD_MSG.invalidLink);
    await expectRefused(`/api/upload/${id}?expires=${Number(expires) + 3600}&sig=${sig}`, 403, UPLOAD_MSG.invalidLink);
    await expectRefused(`/api/upload/${other}?expires=${expires}&sig=${sig}`, 403, UPLOAD_MSG.invalidLink);
    await expectRefused(`/api/upload/${id}?expires=${expires}&sig=${sig}&sig=${sig}`, 403, UPLOAD_MSG.invalidLink);
    // A bearer token is no substitute for the signature.
    const admin = await t.createUser(UserType.ADMIN);
    const withToken = await t.http.get(`/api/upload/${id}`).set('authorization', `Bearer ${admin.token}`);
    expect(withToken.status).toBe(403);
  });

  it('refuses an expired link (403) and answers 404 for a signed but unknown id', async () => {
    await expectRefused(t.services.uploads.signedUrl(id, -1), 403, UPLOAD_MSG.expired);
    const unknown = '00000000-0000-4000-8000-000000000000';
    await expectRefused(t.services.uploads.signedUrl(unknown), 404, 'Upload not found');
    await expectRefused(t.services.uploads.signedUrl('not-a-uuid'), 404, 'Upload not found');
  });

  it('answers 404 when the row exists but the file is gone', async () => {
    const res = await post(t, (await t.createUser()).token, tinyPng());
    rmSync(path.join(uploadDir, res.body.data.id));
    await expectRefused(res.body.data.url, 404, 'Upload not found');
  });

  it('a fresh link for the same file works too', async () => {
    const again = await t.http.get(t.services.uploads.signedUrl(id, 60)).buffer(true).parse(binary);
    expect(again.status).toBe(200);
    expect(again.headers['cache-control']).toMatch(/^private, max-age=(60|59)$/);
    expect(createHash('sha256').update(again.body).digest('hex')).toBe(
      (await t.services.ds.getRepository(Upload).findOneByOrFail({ id, ownerId })).sha256,
    );
  });
});

describe('UploadService helpers for other modules', () => {
  it('claim accepts the owner and refuses anyone else (422 on imageUrl)', async () => {
    const a = await t.createUser();
    const b = await t.createUser();
    const bUpload = (await post(t, b.token, tinyPng())).body.data.id;
    await expect(t.services.uploads.claim(bUpload, b.user.id)).resolves.toBeUndefined();
    await expect(t.services.uploads.claim(bUpload.toUpperCase(), b.user.id)).resolves.toBeUndefined();
    for (const [uploadId, userId] of [
      [bUpload, a.user.id],
      ['00000000-0000-4000-8000-000000000000', a.user.id],
      ['not-a-uuid', a.user.id],
    ]) {
      const err = await t.services.uploads.claim(uploadId, userId).catch((e: unknown) => e);
      expect(err).toBeInstanceOf(AppError);
      expect(err).toMatchObject({ httpStatus: 422, fields: [{ field: 'imageUrl', message: UPLOAD_MSG.unknown }] });
    }
  });

  it('parseReference reads ids from bare uuids and signed links, and nothing else', () => {
    const uploads = t.services.uploads;
    const id = '3f2b8a1c-0d4e-4f5a-9b6c-7d8e9f0a1b2c';
    expect(uploads.parseReference(uploads.signedUrl(id))).toBe(id);
    expect(uploads.parseReference(`https://cryptovest.example${uploads.signedUrl(id)}`)).toBe(id);
    expect(uploads.parseReference(` ${id.toUpperCase()} `)).toBe(id);
    expect(uploads.parseReference(`/api/upload/${id}`)).toBe(id);
    for (const bad of [
      '',
      'not-a-uuid',
      `/api/upload/${id}/extra`,
      `/api/uploads/${id}`,
      `/other/${id}`,
      `javascript:/api/upload/${id}`,
      `${id}x`,
    ]) {
      expect(uploads.parseReference(bad)).toBeNull();
    }
  });
});
