import { AppError } from '../../kernel/errors';

/** What other modules need from uploads: resolve a reference, claim it for its owner, sign a link. */
export interface OwnedUploads {
  parseReference(value: string): string | null;
  /** Refuses (422 on `field`) an upload that is not the user's own. */
  claim(id: string, userId: string, field: string): Promise<void>;
  signedUrl(id: string): string;
}

/** A bare upload id (how references are stored). */
const UPLOAD_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Turns a submitted image reference (an upload id, or the url POST /api/upload returned) into
 * the stored upload id, refusing anything that is not the caller's own upload.
 */
export async function ownedUploadId(
  uploads: OwnedUploads | null,
  value: string,
  userId: string,
  field: string,
): Promise<string> {
  const id = uploads?.parseReference(value) ?? null;
  if (!uploads || !id) throw AppError.field(field, 'upload the image first');
  await uploads.claim(id, userId, field);
  return id;
}

/** The link to show for a stored image reference: a fresh signed link for uploads. */
export function imageLink(uploads: OwnedUploads | null | undefined, stored: string | null): string | null {
  if (!stored) return null;
  if (UPLOAD_ID.test(stored)) return uploads ? uploads.signedUrl(stored) : null;
  return stored;
}
