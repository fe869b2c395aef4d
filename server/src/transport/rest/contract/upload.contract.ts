import { z } from 'zod';
import { Role } from '../../../modules/user';
import { operation } from './operation';
import { Id } from './shapes';

const TAG = 'Uploads';

/** POST /api/upload: store an image (proof of payment, profile picture). */
export const uploadImage = operation({
  id: 'uploadImage',
  method: 'post',
  path: '/upload',
  tag: TAG,
  summary: 'Upload an image',
  description:
    "PNG, JPEG, WebP or GIF, recognised by its first bytes. Pass the `id` or `url` as a deposit's `imageUrl` " +
    'or as `profileImage`. 400 "Malformed multipart body"; 413 `file` "file is too large" (over ' +
    '`UPLOAD_MAX_BYTES`) or "not enough upload space left"; 422 `file` "file is required", "only PNG, JPEG, ' +
    'WebP or GIF images", "image is too large (at most 50 megapixels)"; 429 after `RATE_LIMIT_UPLOADS_HOURLY` ' +
    'uploads per hour; 503 when the storage fails. A retry with the same `Idempotency-Key` and the same file ' +
    'gets the first answer.',
  auth: { role: Role.USER },
  idempotent: true,
  body: {
    multipart: { field: 'file', description: 'The image (a file part: its Content-Disposition has a filename)' },
  },
  ok: {
    status: 201,
    data: z.strictObject({
      _id: Id,
      id: Id,
      url: z.string().meta({ description: 'A signed link to the image (expires after UPLOAD_LINK_TTL_SECONDS)' }),
      contentType: z.enum(['image/png', 'image/jpeg', 'image/webp', 'image/gif']),
      size: z.int().meta({ description: 'Bytes' }),
    }),
  },
  limited: true,
});

/** GET /api/upload/{id}: a signed link's image bytes. */
export const getUpload = operation({
  id: 'getUpload',
  method: 'get',
  path: '/upload/:id',
  tag: TAG,
  summary: 'The image a signed link points to',
  description:
    'Public: the signature is the credential. Served with its stored `Content-Type`, `Content-Disposition: ' +
    'inline`, `X-Content-Type-Options: nosniff` and a sandboxing `Content-Security-Policy`. 403 "This link is ' +
    'not valid" (no or wrong signature, or a changed `expires`) or "This link has expired"; 404 when the upload ' +
    'does not exist.',
  auth: 'public',
  params: { id: 'The upload' },
  query: z.object({
    expires: z.string().regex(/^\d+$/).meta({ description: 'Unix seconds, from the signed link' }),
    sig: z.string().meta({ description: 'The signature, from the signed link' }),
  }),
  ok: { status: 200, binary: 'The image bytes' },
  errors: [403],
});
