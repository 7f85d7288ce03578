// URLs through which the renderer loads stored file bytes (pdf.js in the reader). Each URL
// carries a token that is an HMAC of the file's SHA-1 under a key that lives only as long
// as this run of the core: a page can load exactly the files the bridge handed it, and a
// URL leaked from one run opens nothing in the next.
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/** The path prefix of file URLs in browser mode (served by browserServer.ts). */
export const FILE_ROUTE = '/files/';
/** The custom scheme of file URLs in the desktop app (registered by electron/main.ts). */
export const FILE_SCHEME = 'refshelf-file';

export interface FileLinks {
  /** The URL the renderer loads `sha1` from. */
  urlFor(sha1: string): string;
  /** Whether `token` is this run's token for `sha1`. */
  verify(sha1: string, token: string): boolean;
}

export type FileUrlStyle = 'browser' | 'desktop';

export function createFileLinks(style: FileUrlStyle, key: Buffer = randomBytes(32)): FileLinks {
  const tokenOf = (sha1: string) => createHmac('sha256', key).update(sha1.toLowerCase()).digest('hex');
  return {
    urlFor(sha1) {
      const hash = sha1.toLowerCase();
      const query = `?token=${tokenOf(hash)}`;
      return style === 'browser' ? `${FILE_ROUTE}${hash}${query}` : `${FILE_SCHEME}://files/${hash}${query}`;
    },
    verify(sha1, token) {
      const expected = Buffer.from(tokenOf(sha1));
      const given = Buffer.from(token);
      return given.length === expected.length && timingSafeEqual(given, expected);
    },
  };
}

/** The hash and token a file URL names (either style), or undefined when it is not one. */
export function parseFileUrl(url: string): { sha1: string; token: string } | undefined {
  let parsed: URL;
  try {
    parsed = new URL(url, 'http://localhost');
  } catch {
    return undefined;
  }
  const pathname = parsed.protocol === `${FILE_SCHEME}:` ? `/${parsed.host}${parsed.pathname}` : parsed.pathname;
  const match = /^\/files\/([0-9a-f]{40})$/.exec(pathname);
  const token = parsed.searchParams.get('token');
  if (!match || !token) return undefined;
  return { sha1: match[1]!, token };
}
