// A cap on decoded stream size, checked before pdf.js sees the file: every Flate stream is
// inflated with zlib's maxOutputLength, so a small file whose streams expand to hundreds of
// megabytes (a "PDF bomb") is refused without ever holding the expansion. pdf.js has no such
// cap of its own, and the buffers it decodes into live outside the V8 heap, where a worker's
// resourceLimits do not reach.
import { constants, inflateRawSync } from 'node:zlib';

export interface StreamCap {
  /** Largest decoded size of one stream. */
  perStreamBytes: number;
  /** Largest decoded size of all streams together. */
  totalBytes: number;
}

export const DEFAULT_STREAM_CAP: StreamCap = { perStreamBytes: 64 * 1024 * 1024, totalBytes: 256 * 1024 * 1024 };

const STREAM_START = /stream\r?\n/g;

/** Undefined when every Flate stream decodes within the cap; otherwise why not (one sentence, the caller says what follows). */
export function decodedStreamProblem(bytes: Uint8Array, cap: StreamCap = DEFAULT_STREAM_CAP): string | undefined {
  const buffer = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const text = buffer.toString('latin1');
  let total = 0;
  STREAM_START.lastIndex = 0;
  for (let match = STREAM_START.exec(text); match; match = STREAM_START.exec(text)) {
    const start = match.index + match[0].length;
    // The stream's dictionary is what precedes the keyword since the object began.
    const dictionary = text.slice(Math.max(0, text.lastIndexOf(' obj', match.index)), match.index);
    const end = text.indexOf('endstream', start);
    if (end < 0) break;
    STREAM_START.lastIndex = end;
    if (!/\/FlateDecode|\/Fl\b/.test(dictionary)) continue;
    const limit = Math.min(cap.perStreamBytes, cap.totalBytes - total) + 1;
    let decoded: number;
    try {
      // Raw inflate (past the zlib header) checks no checksum, which pdf.js ignores too: a
      // bomb with a wrong checksum is measured all the same. The output limit is enforced
      // while inflating, before any later damage in the stream is reached.
      decoded = inflateRawSync(withoutZlibHeader(buffer.subarray(start, end)), { maxOutputLength: limit, finishFlush: constants.Z_SYNC_FLUSH }).length;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ERR_BUFFER_TOO_LARGE' || error instanceof RangeError) {
        return `A compressed part of this PDF expands to more than ${mb(Math.min(cap.perStreamBytes, cap.totalBytes))}.`;
      }
      continue; // a damaged stream is pdf.js's to judge
    }
    total += decoded;
    if (decoded > cap.perStreamBytes || total > cap.totalBytes) {
      return `The compressed parts of this PDF expand to more than ${mb(decoded > cap.perStreamBytes ? cap.perStreamBytes : cap.totalBytes)}.`;
    }
  }
  return undefined;
}

/** A zlib stream starts with a two-byte header (deflate method, check bits); some writers omit it. */
function withoutZlibHeader(data: Buffer): Buffer {
  const [cmf = 0, flg = 0] = data;
  return (cmf & 0x0f) === 8 && ((cmf << 8) | flg) % 31 === 0 ? data.subarray(2) : data;
}

function mb(bytes: number): string {
  return `${Math.round(bytes / 1024 / 1024)} MB`;
}
