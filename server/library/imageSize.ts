// The kind and pixel size of an uploaded image, read from its header (PNG, JPEG, GIF), so
// that a profile photo is known to be the image its Content-Type says before it is kept.
export type ImageKind = 'png' | 'jpeg' | 'gif';

export interface ImageInfo {
  kind: ImageKind;
  width: number;
  height: number;
}

const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

function jpegSize(bytes: Buffer): { width: number; height: number } | undefined {
  let at = 2;
  while (at + 9 < bytes.length) {
    if (bytes[at] !== 0xff) return undefined;
    const marker = bytes[at + 1]!;
    const length = bytes.readUInt16BE(at + 2);
    // Start-of-frame markers (baseline, progressive, ...) carry the size; 0xC4, 0xC8, 0xCC do not.
    if (marker >= 0xc0 && marker <= 0xcf && ![0xc4, 0xc8, 0xcc].includes(marker)) {
      return { height: bytes.readUInt16BE(at + 5), width: bytes.readUInt16BE(at + 7) };
    }
    at += 2 + length;
  }
  return undefined;
}

/** The image's kind and size, or undefined when the bytes are not a PNG, JPEG or GIF image. */
export function imageInfo(bytes: Buffer): ImageInfo | undefined {
  if (bytes.length >= 24 && bytes.subarray(0, 8).equals(PNG) && bytes.toString('latin1', 12, 16) === 'IHDR') {
    return { kind: 'png', width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
  }
  if (bytes.length >= 10 && (bytes.toString('latin1', 0, 6) === 'GIF87a' || bytes.toString('latin1', 0, 6) === 'GIF89a')) {
    return { kind: 'gif', width: bytes.readUInt16LE(6), height: bytes.readUInt16LE(8) };
  }
  if (bytes.length >= 4 && bytes[0] === 0xff && bytes[1] === 0xd8) {
    const size = jpegSize(bytes);
    return size && { kind: 'jpeg', ...size };
  }
  return undefined;
}
