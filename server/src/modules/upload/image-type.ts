/** The image types accepted as proof (never SVG: it can carry script). */
export type ImageType = 'image/png' | 'image/jpeg' | 'image/webp' | 'image/gif';

/** Bytes needed to tell every accepted type apart (WebP's "WEBP" tag ends at byte 12). */
export const SNIFF_BYTES = 12;

const startsWith = (head: Buffer, bytes: number[], at = 0) =>
  head.length >= at + bytes.length && bytes.every((b, i) => head[at + i] === b);
const ascii = (s: string) => [...s].map((c) => c.charCodeAt(0));

/**
 * The image type proven by a file's first bytes (magic numbers), or null. The name and the
 * client's declared Content-Type are never trusted.
 */
export function sniffImageType(head: Buffer): ImageType | null {
  if (startsWith(head, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'image/png';
  if (startsWith(head, [0xff, 0xd8, 0xff])) return 'image/jpeg';
  if (startsWith(head, ascii('GIF87a')) || startsWith(head, ascii('GIF89a'))) return 'image/gif';
  if (startsWith(head, ascii('RIFF')) && startsWith(head, ascii('WEBP'), 8)) return 'image/webp';
  return null;
}
