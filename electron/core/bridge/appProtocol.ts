// The desktop renderer's origin: app://refshelf, a custom scheme the shell registers as
// standard, secure and privileged (electron/main.ts) and answers with this handler, rather
// than file:// (where no header policy applies and every local file is one origin). Each
// answer carries the Content-Security-Policy; Access-Control-Allow-Origin names only the
// app's own origin. Plain Node (fetch's Request and Response), so the packaged-app test
// serves the packaged renderer through this same code.
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { CONTENT_SECURITY_POLICY } from './contentSecurityPolicy.ts';

export const APP_SCHEME = 'app';
export const APP_ORIGIN = `${APP_SCHEME}://refshelf`;

export const RENDERER_MIME: Record<string, string> = {
  '.html': 'text/html; charset=utf-8', '.js': 'text/javascript; charset=utf-8', '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8', '.json': 'application/json', '.svg': 'image/svg+xml', '.png': 'image/png',
  '.ico': 'image/x-icon', '.woff2': 'font/woff2', '.ttf': 'font/ttf', '.wasm': 'application/wasm',
  '.bcmap': 'application/octet-stream', '.pfb': 'application/octet-stream', '.icc': 'application/vnd.iccprofile',
};

/** Reads a file (through app.asar in Electron); undefined when there is none. */
export type AssetReader = (file: string) => Promise<Buffer | undefined>;

export const readAsset: AssetReader = async (file) => {
  try {
    return await readFile(file);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT' || code === 'EISDIR' || code === 'ENOTDIR') return undefined;
    throw error;
  }
};

export interface AppProtocolOptions {
  /** The built renderer (dist/renderer, inside app.asar when packaged). */
  rendererDir: string;
  /** The origin pages are served from: APP_ORIGIN in the shell. */
  origin?: string;
  readAsset?: AssetReader;
}

export function appProtocolHeaders(origin: string): Record<string, string> {
  return {
    'Content-Security-Policy': CONTENT_SECURITY_POLICY,
    'X-Content-Type-Options': 'nosniff',
    'Referrer-Policy': 'no-referrer',
    'Cache-Control': 'no-cache',
    'Access-Control-Allow-Origin': origin,
    Vary: 'Origin',
  };
}

export function createAppProtocolHandler(options: AppProtocolOptions): (request: Request) => Promise<Response> {
  const origin = options.origin ?? APP_ORIGIN;
  const read = options.readAsset ?? readAsset;
  const root = path.resolve(options.rendererDir);
  const headers = appProtocolHeaders(origin);

  return async (request) => {
    if (request.method !== 'GET' && request.method !== 'HEAD') return new Response(null, { status: 405, headers: { ...headers, Allow: 'GET, HEAD' } });
    const url = new URL(request.url);
    // URL.origin is "null" for a scheme Node does not know as standard: compare the parts.
    if (`${url.protocol}//${url.host}` !== origin) return new Response(null, { status: 404, headers });
    let pathname: string;
    try {
      pathname = decodeURIComponent(url.pathname);
    } catch {
      return new Response(null, { status: 400, headers });
    }
    const file = path.resolve(root, `.${path.posix.normalize(pathname)}`);
    if (file !== root && !file.startsWith(root + path.sep)) return new Response(null, { status: 404, headers });
    let served = file;
    let bytes = file === root ? undefined : await read(file);
    // The renderer routes on the client: the root, or a path without an extension, is its page.
    if (!bytes && path.extname(pathname) === '') {
      served = path.join(root, 'index.html');
      bytes = await read(served);
    }
    if (!bytes) return new Response(null, { status: 404, headers });
    const type = RENDERER_MIME[path.extname(served).toLowerCase()] ?? 'application/octet-stream';
    const answer = { status: 200, headers: { ...headers, 'Content-Type': type, 'Content-Length': String(bytes.length) } };
    return new Response(request.method === 'HEAD' ? null : new Uint8Array(bytes), answer);
  };
}
