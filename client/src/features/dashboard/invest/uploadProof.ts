import { MSG } from '@cryptovest/common';
import { getToken } from '../../../app/session';

/** A failed proof upload, carrying the message to toast. */
export class UploadError extends Error {}

/**
 * Uploads a deposit proof image (POST /api/upload, field `file`) and returns the upload id to
 * send as the deposit's `imageUrl`. Throws an Error with the server's message on failure.
 */
export async function uploadProof(file: File): Promise<string> {
  const body = new FormData();
  body.append('file', file);
  const token = getToken();
  const response = await fetch('/api/upload', {
    method: 'POST',
    headers: token ? { authorization: `Bearer ${token}` } : {},
    body,
  });
  const json = (await response.json().catch(() => null)) as {
    data?: { id?: string };
    errors?: { error?: string; message?: string }[];
  } | null;
  const id = json?.data?.id;
  if (!response.ok || !id) {
    const first = json?.errors?.[0];
    throw new UploadError(first?.error || first?.message || MSG.somethingWentWrong);
  }
  return id;
}
