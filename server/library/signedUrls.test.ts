import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { signedDownloadPath, verifyDownload } from './signedUrls.ts';

const key = randomBytes(32);
const now = 1_700_000_000;

function queryOf(path: string): Record<string, string> {
  return Object.fromEntries(new URL(path, 'http://x').searchParams);
}

describe('signed download URLs', () => {
  const path = signedDownloadPath(key, { fileId: 'f1', expires: now + 60, disposition: 'attachment' });

  it('verify what they sign until they expire', () => {
    expect(path.startsWith('/downloads/files/f1?')).toBe(true);
    const check = verifyDownload(key, 'f1', queryOf(path), now);
    expect(check).toEqual({ ok: true, grant: { fileId: 'f1', expires: now + 60, disposition: 'attachment' } });
    expect(verifyDownload(key, 'f1', queryOf(path), now + 61)).toEqual({ ok: false, reason: expect.stringMatching(/expired/) });
  });

  it('refuse any changed part', () => {
    const q = queryOf(path);
    expect(verifyDownload(key, 'f2', q, now).ok).toBe(false);
    expect(verifyDownload(key, 'f1', { ...q, expires: String(now + 6000) }, now).ok).toBe(false);
    expect(verifyDownload(key, 'f1', { ...q, disposition: 'inline' }, now).ok).toBe(false);
    expect(verifyDownload(key, 'f1', { ...q, signature: q.signature!.slice(0, -1) + (q.signature!.endsWith('A') ? 'B' : 'A') }, now).ok).toBe(false);
    expect(verifyDownload(randomBytes(32), 'f1', q, now).ok).toBe(false);
  });

  it('refuse incomplete and malformed parameters with a reason', () => {
    expect(verifyDownload(key, 'f1', {}, now)).toEqual({ ok: false, reason: expect.stringMatching(/incomplete/) });
    expect(verifyDownload(key, 'f1', { ...queryOf(path), expires: 'soon' }, now)).toEqual({ ok: false, reason: expect.stringMatching(/expiry/) });
    expect(verifyDownload(key, 'f1', { ...queryOf(path), disposition: 'x' }, now)).toEqual({ ok: false, reason: expect.stringMatching(/disposition/) });
    expect(verifyDownload(key, 'f1', { ...queryOf(path), signature: ['a', 'b'] }, now).ok).toBe(false);
  });

  it('sign the inline variant separately', () => {
    const inline = signedDownloadPath(key, { fileId: 'f1', expires: now + 60, disposition: 'inline' });
    expect(queryOf(inline).signature).not.toBe(queryOf(path).signature);
    expect(verifyDownload(key, 'f1', queryOf(inline), now)).toMatchObject({ ok: true, grant: { disposition: 'inline' } });
  });
});
