import { MSG } from '@cryptovest/common';
import { UNAVAILABLE_MESSAGE } from '../../../app/api/graphqlErrors';
import { newIdempotencyKey } from '../../../app/api/idempotency';
import { getToken } from '../../../app/session/session';

/** A failed image upload, carrying the message to toast. */
export class UploadError extends Error {}

/** One idempotency key per picked file: uploading the same file again (a retry) is the same upload. */
const uploadKeys = new WeakMap<Blob, string>();

/**
 * Uploads an image (POST /api/upload, field `file`) and returns its upload id: a deposit's proof
 * (`imageUrl`) or the profile image. Throws an UploadError with the server's message on failure,
 * or the retry message when the service is temporarily unavailable (503). A retry of the same
 * file sends the same Idempotency-Key, so it is stored once.
 */
export async function uploadImage(file: File): Promise<string> {
  const body = new FormData();
  body.append('file', file);
  const token = getToken();
  let key = uploadKeys.get(file);
  if (!key) uploadKeys.set(file, (key = newIdempotencyKey()));
  const response = await fetch('/api/upload', {
    method: 'POST',
    headers: { 'idempotency-key': key, ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body,
  });
  const json = (await response.json().catch(() => null)) as {
    data?: { id?: string };
    errors?: { error?: string; message?: string }[];
  } | null;
  const id = json?.data?.id;
  if (response.status === 503) throw new UploadError(UNAVAILABLE_MESSAGE);
  if (!response.ok || !id) {
    const first = json?.errors?.[0];
    throw new UploadError(first?.error || first?.message || MSG.somethingWentWrong);
  }
  return id;
}
