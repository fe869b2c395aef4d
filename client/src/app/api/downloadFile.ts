import { MSG, msg } from '@cryptovest/common';
import { getToken } from '../session/session';
import { connectionFailure } from './connection';
import { UNAVAILABLE_MESSAGE } from './graphqlErrors';

/**
 * A download that failed, carrying the message to show (the server's own words when it gave some;
 * ours are English catalogue keys, shown with `localizeMessage`).
 */
export class DownloadError extends Error {}

/** Shown when the request never reached the server. */
export const DOWNLOAD_CONNECTION_MESSAGE = msg('Could not reach the server: check your connection and try again.');

/** The file name from `Content-Disposition: attachment; filename=...`, else `fallback`. */
export function attachmentName(header: string | null, fallback: string): string {
  const match = /filename\*?=(?:UTF-8'')?"?([^";]+)"?/i.exec(header ?? '');
  return match ? decodeURIComponent(match[1]) : fallback;
}

/** Hands `blob` to the browser as a saved file named `name` (a temporary link, clicked once). */
export function saveBlob(blob: Blob, name: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  link.style.display = 'none';
  document.body.appendChild(link);
  link.click();
  link.remove();
  // Revoked after the click has been handled, so the download has its bytes.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/**
 * Downloads a file from our REST API with the session's token (statements, exports: issue 38)
 * and saves it under the server's attachment name. Throws a DownloadError saying why it failed:
 * the server's message (`{ errors: [{ error }] }`), the retry message for a 503, or the
 * connection message when no answer came. Returns the name saved.
 */
export async function downloadFile(path: string, fallbackName: string): Promise<string> {
  const token = getToken();
  let response: Response;
  try {
    response = await fetch(path, { headers: token ? { authorization: `Bearer ${token}` } : {} });
  } catch (err) {
    throw new DownloadError(connectionFailure(err) ? DOWNLOAD_CONNECTION_MESSAGE : MSG.somethingWentWrong);
  }
  if (response.status === 503) throw new DownloadError(UNAVAILABLE_MESSAGE);
  if (!response.ok) {
    const json = (await response.json().catch(() => null)) as { errors?: { error?: string }[] } | null;
    throw new DownloadError(json?.errors?.[0]?.error || MSG.somethingWentWrong);
  }
  const name = attachmentName(response.headers.get('content-disposition'), fallbackName);
  saveBlob(await response.blob(), name);
  return name;
}
