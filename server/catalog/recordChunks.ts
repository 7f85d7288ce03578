// Record files of any size, read as a stream: pieces of text that end at record
// boundaries (a line starting "@" in BibTeX, after an "ER  -" line in RIS), or the items of
// a CSL-JSON array one by one, so memory stays bounded by the chunk size whatever the
// file's. Each piece is decoded on its own as UTF-8, falling back to Latin-1 for bytes
// that are not UTF-8 (older files), and cut only after a newline byte, so no character is
// split.
import { createReadStream } from 'node:fs';

/** Text of whole records and the 1-based line of the file it starts on. */
export interface RecordChunk {
  text: string;
  line: number;
}

const utf8 = new TextDecoder('utf-8', { fatal: true });

function decode(bytes: Buffer): string {
  try {
    return utf8.decode(bytes);
  } catch {
    return bytes.toString('latin1');
  }
}

const countLines = (text: string) => {
  let n = 0;
  for (let i = text.indexOf('\n'); i >= 0; i = text.indexOf('\n', i + 1)) n++;
  return n;
};

/** The file's text in pieces that end after a newline (the last piece may not). */
export async function* textPieces(file: string, pieceBytes = 1 << 20): AsyncGenerator<string> {
  let carry: Buffer = Buffer.alloc(0);
  let first = true;
  for await (const chunk of createReadStream(file, { highWaterMark: pieceBytes })) {
    const bytes: Buffer = carry.length ? Buffer.concat([carry, chunk as Buffer]) : (chunk as Buffer);
    const cut = bytes.lastIndexOf(0x0a);
    if (cut < 0) {
      carry = bytes;
      continue;
    }
    let text = decode(bytes.subarray(0, cut + 1));
    if (first) text = text.replace(/^\uFEFF/, '');
    first = false;
    carry = Buffer.from(bytes.subarray(cut + 1));
    yield text;
  }
  if (carry.length) yield first ? decode(carry).replace(/^\uFEFF/, '') : decode(carry);
}

/** Where the last complete record of `text` ends, or -1 when none does yet. */
type BoundaryFinder = (text: string) => number;

/** Before the last line that starts an entry: everything up to it is whole entries. */
export const bibtexBoundary: BoundaryFinder = (text) => {
  const at = text.lastIndexOf('\n@');
  return at < 0 ? -1 : at + 1;
};

/** After the last "ER  -" line, which ends a record. */
export const risBoundary: BoundaryFinder = (text) => {
  for (let from = text.length; from > 0; ) {
    const at = text.lastIndexOf('\nER ', from - 1);
    if (at < 0) break;
    from = at;
    if (!/^ER {1,2}-/.test(text.slice(at + 1, at + 7))) continue;
    const end = text.indexOf('\n', at + 1);
    return end < 0 ? -1 : end + 1;
  }
  return -1;
};

/** Chunks of about `chunkChars` characters that hold whole records. */
export async function* recordChunks(file: string, boundary: BoundaryFinder, chunkChars = 4 << 20, pieceBytes = 1 << 20): AsyncGenerator<RecordChunk> {
  let carry = '';
  let line = 1;
  for await (const piece of textPieces(file, pieceBytes)) {
    carry += piece;
    if (carry.length < chunkChars) continue;
    const cut = boundary(carry);
    if (cut <= 0) continue; // one record longer than a chunk: read on
    const text = carry.slice(0, cut);
    carry = carry.slice(cut);
    yield { text, line };
    line += countLines(text);
  }
  if (carry.trim()) yield { text: carry, line };
}

/** One item of a CSL-JSON array: its JSON text, its 1-based position and line. */
export interface JsonItem {
  text: string;
  index: number;
  line: number;
}

/**
 * The items of a CSL-JSON file whose top level is an array, one at a time. Answers
 * 'not-an-array' (before any item) when the top level is something else (one item, or an
 * object with `items`): such files are read whole.
 */
export async function* jsonArrayItems(file: string, pieceBytes = 1 << 20): AsyncGenerator<JsonItem | 'not-an-array'> {
  let depth = 0;
  let inString = false;
  let escaped = false;
  let line = 1;
  let started = false;
  let item: string[] = [];
  let itemStart = -1;
  let itemLine = 1;
  let index = 0;
  for await (const piece of textPieces(file, pieceBytes)) {
    itemStart = depth >= 2 || (inString && depth === 1) ? 0 : -1;
    for (let i = 0; i < piece.length; i++) {
      const ch = piece.charCodeAt(i);
      if (ch === 10) line++;
      if (inString) {
        if (escaped) escaped = false;
        else if (ch === 92) escaped = true; // backslash
        else if (ch === 34) {
          inString = false;
          if (depth === 1) { // a string where an item belongs: the parser reports it
            item.push(piece.slice(itemStart, i + 1));
            yield { text: item.join(''), index: ++index, line: itemLine };
            item = [];
            itemStart = -1;
          }
        }
        continue;
      }
      if (!started) {
        if (ch === 32 || ch === 9 || ch === 10 || ch === 13) continue;
        if (ch !== 91) { // '['
          yield 'not-an-array';
          return;
        }
        started = true;
        depth = 1;
        continue;
      }
      if (ch === 34) {
        inString = true;
        if (depth === 1) {
          itemStart = i;
          itemLine = line;
        }
      } else if (ch === 123 || ch === 91) { // { [
        if (depth === 1) {
          itemStart = i;
          itemLine = line;
        }
        depth++;
      } else if (ch === 125 || ch === 93) { // } ]
        depth--;
        if (depth === 1) {
          item.push(piece.slice(itemStart, i + 1));
          yield { text: item.join(''), index: ++index, line: itemLine };
          item = [];
          itemStart = -1;
        }
      } else if (depth === 1 && ch !== 44 && ch > 32 && itemStart < 0) {
        // A bare scalar item (number, true, null): read to the next comma or bracket.
        itemStart = i;
        itemLine = line;
        let end = i;
        while (end < piece.length && !',]'.includes(piece[end]!) && piece.charCodeAt(end) > 32) end++;
        yield { text: piece.slice(i, end), index: ++index, line };
        itemStart = -1;
        i = end - 1;
      }
    }
    if (itemStart >= 0) item.push(piece.slice(itemStart));
  }
}
