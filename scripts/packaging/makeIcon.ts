// Draws the app icon, resources/build/icon.png (1024 px, RGBA): books on a shelf on a
// rounded square. electron-builder derives every installer's icon format from it. Run
// `node --import tsx scripts/packaging/makeIcon.ts` after changing the drawing.
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { deflateSync } from 'node:zlib';

type Rgba = [number, number, number, number];
const SIZE = 1024;
const BACKGROUND: Rgba = [28, 78, 94, 255];
const SHELF: Rgba = [234, 224, 200, 255];
/** x, top, width, colour of each book spine. */
const BOOKS: [number, number, number, Rgba][] = [
  [232, 300, 120, [244, 180, 76, 255]],
  [372, 230, 140, [240, 240, 232, 255]],
  [532, 330, 110, [214, 96, 77, 255]],
  [662, 260, 130, [132, 186, 160, 255]],
];
const SHELF_TOP = 700;

function insideRoundedSquare(x: number, y: number, radius: number): boolean {
  const cx = Math.min(Math.max(x, radius), SIZE - radius);
  const cy = Math.min(Math.max(y, radius), SIZE - radius);
  return (x - cx) ** 2 + (y - cy) ** 2 <= radius ** 2;
}

function colourAt(x: number, y: number): Rgba {
  if (!insideRoundedSquare(x + 0.5, y + 0.5, 200)) return [0, 0, 0, 0];
  if (y >= SHELF_TOP && y < SHELF_TOP + 48 && x >= 180 && x < SIZE - 180) return SHELF;
  for (const [left, top, width, colour] of BOOKS) if (x >= left && x < left + width && y >= top && y < SHELF_TOP) return colour;
  return BACKGROUND;
}

function crc32(bytes: Buffer): number {
  let crc = ~0;
  for (const byte of bytes) {
    crc ^= byte;
    for (let k = 0; k < 8; k++) crc = (crc >>> 1) ^ (0xedb88320 & -(crc & 1));
  }
  return ~crc >>> 0;
}

function chunk(type: string, data: Buffer): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, 'latin1');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])), 0);
  return Buffer.concat([head, data, crc]);
}

export function iconPng(): Buffer {
  const rows = Buffer.alloc(SIZE * (1 + SIZE * 4));
  for (let y = 0; y < SIZE; y++) {
    const row = y * (1 + SIZE * 4); // filter byte 0 (none), then the pixels
    for (let x = 0; x < SIZE; x++) Buffer.from(colourAt(x, y)).copy(rows, row + 1 + x * 4);
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(SIZE, 0);
  header.writeUInt32BE(SIZE, 4);
  header.set([8, 6, 0, 0, 0], 8); // 8-bit RGBA, no interlace
  const signature = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  return Buffer.concat([signature, chunk('IHDR', header), chunk('IDAT', deflateSync(rows, { level: 9 })), chunk('IEND', Buffer.alloc(0))]);
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const out = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../resources/build/icon.png');
  writeFileSync(out, iconPng());
  console.log(`Wrote ${path.relative(process.cwd(), out)}`);
}
