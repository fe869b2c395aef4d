import { imageSize } from 'image-size';
import { type ImageType, sniffImageType, SNIFF_BYTES } from './image-type';

/** What an upload's first bytes prove: its type and the pixels a viewer would have to decode. */
export interface ImageInfo {
  contentType: ImageType;
  width: number;
  height: number;
}

/** What the head says so far: the image, "send more bytes", or "this is no image we accept". */
export type HeadVerdict = ImageInfo | 'need-more-bytes' | 'not-an-image';

/** Most bytes kept to find the dimensions: a JPEG's size marker can follow large EXIF or ICC blocks. */
export const MAX_HEAD_BYTES = 512 * 1024;

/** image-size's name for each accepted type: its reading must agree with the magic bytes. */
const SIZE_TYPE: Record<ImageType, string> = {
  'image/png': 'png',
  'image/jpeg': 'jpg',
  'image/webp': 'webp',
  'image/gif': 'gif',
};

/** The type and dimensions `head` proves, or null (not an image, or the dimensions are not in it). */
function readHead(head: Buffer): ImageInfo | null {
  const contentType = sniffImageType(head);
  if (!contentType) return null;
  try {
    const { type, width, height } = imageSize(head);
    const plausible = type === SIZE_TYPE[contentType] && width > 0 && height > 0;
    return plausible ? { contentType, width, height } : null;
  } catch {
    return null; // truncated or malformed header
  }
}

/**
 * Collects an upload's first bytes as they stream in and reads its type and dimensions from them.
 * It parses again only each time the head has doubled, so a body sent in tiny chunks cannot make
 * the work quadratic, and it gives up at MAX_HEAD_BYTES.
 */
export class ImageHead {
  private parts: Buffer[] = [];
  private bytes = 0;
  private nextTry = SNIFF_BYTES;

  /** Adds the next chunk of the file and says what the head proves so far. */
  push(chunk: Buffer): HeadVerdict {
    const kept = chunk.subarray(0, MAX_HEAD_BYTES - this.bytes);
    this.parts.push(kept);
    this.bytes += kept.length;
    if (this.bytes < Math.min(this.nextTry, MAX_HEAD_BYTES)) return 'need-more-bytes';
    this.nextTry = this.bytes * 2;
    const head = this.joined();
    const info = readHead(head);
    if (info) return info;
    // Refused at once when the magic bytes are wrong, else once the bound is reached.
    return !sniffImageType(head) || this.bytes >= MAX_HEAD_BYTES ? 'not-an-image' : 'need-more-bytes';
  }

  /** At the end of the file: the image, or refused (the whole file did not show its dimensions). */
  end(): ImageInfo | 'not-an-image' {
    return readHead(this.joined()) ?? 'not-an-image';
  }

  private joined(): Buffer {
    const head = Buffer.concat(this.parts);
    this.parts = [head];
    return head;
  }
}
