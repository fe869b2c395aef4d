import { crc32, deflateSync } from 'node:zlib';

/** Test images built byte by byte, so each test shows exactly what the server is sent. */

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

function pngChunk(type: string, data: Buffer): Buffer {
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([len, body, crc]);
}

/** A PNG signature and IHDR (valid CRC) claiming `width` x `height` RGBA pixels: all a viewer reads first. */
export function pngHeader(width: number, height: number): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr.set([8, 6, 0, 0, 0], 8);
  return Buffer.concat([PNG_SIGNATURE, pngChunk('IHDR', ihdr)]);
}

/** A real 1x1 RGBA PNG (signature, IHDR, IDAT, IEND with valid CRCs). */
export function tinyPng(rgba = [255, 0, 0, 255]): Buffer {
  return Buffer.concat([
    pngHeader(1, 1),
    pngChunk('IDAT', deflateSync(Buffer.from([0, ...rgba]))),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

/** A JPEG segment: marker and length-prefixed payload. */
function jpegSegment(marker: number, payload: Buffer): Buffer {
  const head = Buffer.from([0xff, marker, 0, 0]);
  head.writeUInt16BE(payload.length + 2, 2);
  return Buffer.concat([head, payload]);
}

/**
 * A baseline JPEG header (SOI, JFIF, SOF0 claiming `width` x `height`) whose size marker comes
 * after `paddingBytes` of APP1 metadata, as cameras write EXIF before it; then EOI.
 */
export function jpeg(width: number, height: number, paddingBytes = 0): Buffer {
  const padding: Buffer[] = [];
  for (let left = paddingBytes; left > 0; left -= 65_000) {
    padding.push(jpegSegment(0xe1, Buffer.alloc(Math.min(left, 65_000), 0x20)));
  }
  const sof = Buffer.from([8, 0, 0, 0, 0, 3, 1, 0x22, 0, 2, 0x11, 1, 3, 0x11, 1]);
  sof.writeUInt16BE(height, 1);
  sof.writeUInt16BE(width, 3);
  return Buffer.concat([
    Buffer.from([0xff, 0xd8]),
    jpegSegment(0xe0, Buffer.from('JFIF\0\x01\x01\0\0\x01\0\x01\0\0', 'latin1')),
    ...padding,
    jpegSegment(0xc0, sof),
    Buffer.from([0xff, 0xd9]),
  ]);
}
