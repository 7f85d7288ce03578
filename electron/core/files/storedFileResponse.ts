// The HTTP answer for a file URL (fileLinks.ts), the same for browser mode's route and the
// desktop's custom protocol: checks the token, serves the stored bytes, honours a single
// byte range so pdf.js can fetch large PDFs in pieces.
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import type { Readable } from 'node:stream';
import { parseFileUrl, type FileLinks } from './fileLinks.ts';
import type { FileStore } from './fileStore.ts';
import { parseRange } from '../../../shared/byteRanges.ts';

export interface StoredFileResponse {
  status: number;
  headers: Record<string, string>;
  /** Absent for errors and HEAD requests. */
  body?: Readable;
}

const BASE_HEADERS = { 'X-Content-Type-Options': 'nosniff', 'Cache-Control': 'private, no-store' };

export async function storedFileResponse(
  deps: { fileStore: Pick<FileStore, 'pathOf'>; links: FileLinks },
  request: { url: string; method?: string; range?: string | null },
): Promise<StoredFileResponse> {
  const method = request.method ?? 'GET';
  if (method !== 'GET' && method !== 'HEAD') return { status: 405, headers: { ...BASE_HEADERS, Allow: 'GET, HEAD' } };
  const named = parseFileUrl(request.url);
  if (!named) return { status: 404, headers: BASE_HEADERS };
  if (!deps.links.verify(named.sha1, named.token)) return { status: 403, headers: BASE_HEADERS };
  const file = deps.fileStore.pathOf(named.sha1);
  const info = await stat(file).catch(() => undefined);
  if (!info?.isFile()) return { status: 404, headers: BASE_HEADERS };

  const headers = { ...BASE_HEADERS, 'Content-Type': 'application/pdf', 'Accept-Ranges': 'bytes' };
  const range = parseRange(request.range, info.size);
  if (range.kind === 'unsatisfiable') return { status: 416, headers: { ...headers, 'Content-Range': `bytes */${info.size}` } };
  if (range.kind === 'partial') {
    return {
      status: 206,
      headers: { ...headers, 'Content-Range': `bytes ${range.start}-${range.end}/${info.size}`, 'Content-Length': String(range.end - range.start + 1) },
      body: method === 'HEAD' ? undefined : createReadStream(file, { start: range.start, end: range.end }),
    };
  }
  return {
    status: 200,
    headers: { ...headers, 'Content-Length': String(info.size) },
    body: method === 'HEAD' ? undefined : createReadStream(file),
  };
}
