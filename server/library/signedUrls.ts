// Time-limited download URLs: anyone holding one may fetch the bytes until it expires, so
// it carries an HMAC over everything that decides what is served and how.
import { createHmac, timingSafeEqual } from 'node:crypto';

export type Disposition = 'attachment' | 'inline';

export interface DownloadGrant {
  fileId: string;
  /** Unix time in seconds after which the URL is refused. */
  expires: number;
  disposition: Disposition;
}

export const DOWNLOAD_PATH_PREFIX = '/downloads/files/';

function signatureOf(key: Buffer, grant: DownloadGrant): string {
  return createHmac('sha256', key).update(`${grant.fileId}\n${grant.expires}\n${grant.disposition}`).digest('base64url');
}

/** Path and query of a signed download (relative to the service's base URL). */
export function signedDownloadPath(key: Buffer, grant: DownloadGrant): string {
  const query = new URLSearchParams({
    expires: String(grant.expires),
    disposition: grant.disposition,
    signature: signatureOf(key, grant),
  });
  return `${DOWNLOAD_PATH_PREFIX}${encodeURIComponent(grant.fileId)}?${query.toString()}`;
}

export type GrantCheck = { ok: true; grant: DownloadGrant } | { ok: false; reason: string };

/** Checks a download request's parameters; `now` is Unix time in seconds. */
export function verifyDownload(
  key: Buffer,
  fileId: string,
  query: { expires?: unknown; disposition?: unknown; signature?: unknown },
  now: number = Math.floor(Date.now() / 1000),
): GrantCheck {
  const { expires, disposition, signature } = query;
  if (typeof expires !== 'string' || typeof signature !== 'string' || typeof disposition !== 'string') {
    return { ok: false, reason: 'Download link is incomplete: it needs expires, disposition and signature' };
  }
  if (!/^\d{1,12}$/.test(expires)) return { ok: false, reason: 'Download link has an invalid expiry' };
  if (disposition !== 'attachment' && disposition !== 'inline') return { ok: false, reason: 'Download link has an invalid disposition' };
  const grant: DownloadGrant = { fileId, expires: Number(expires), disposition };
  const expected = Buffer.from(signatureOf(key, grant));
  const given = Buffer.from(signature);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
    return { ok: false, reason: 'Download link signature is not valid' };
  }
  if (grant.expires < now) return { ok: false, reason: 'Download link has expired; ask for the file again' };
  return { ok: true, grant };
}
