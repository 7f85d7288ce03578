// Content-Disposition (RFC 6266) in both directions: reading the name a client gave an
// upload, and naming a download so that every browser saves it under the right name.

export interface ContentDisposition {
  type: string;
  filename?: string;
}

/** Reads `type; filename="x"; filename*=UTF-8''x`; filename* wins, as RFC 6266 says. */
export function parseContentDisposition(header: string | undefined): ContentDisposition | undefined {
  if (!header || !header.trim()) return undefined;
  const text = header.trim();
  const typeMatch = /^([^;\s]+)/.exec(text);
  const type = (typeMatch?.[1] ?? '').toLowerCase();
  const params = new Map<string, string>();
  // name = token | quoted-string (with backslash escapes)
  const pattern = /;\s*([^=;\s]+)\s*=\s*(?:"((?:[^"\\]|\\.)*)"|([^;]*))/g;
  for (const match of text.slice(type.length).matchAll(pattern)) {
    const name = match[1]!.toLowerCase();
    const value = match[2] !== undefined ? match[2].replace(/\\(.)/g, '$1') : (match[3] ?? '').trim();
    if (!params.has(name)) params.set(name, value);
  }
  const extended = params.has('filename*') ? decodeExtendedValue(params.get('filename*')!) : undefined;
  const plain = params.has('filename') ? repairUtf8(params.get('filename')!) : undefined;
  const filename = baseName(extended ?? plain);
  return filename ? { type, filename } : { type };
}

/** RFC 8187 ext-value: charset'language'percent-encoded. */
function decodeExtendedValue(value: string): string | undefined {
  const match = /^([^']*)'[^']*'(.*)$/.exec(value);
  if (!match) return undefined;
  const charset = match[1]!.toLowerCase();
  const encoded = match[2]!;
  try {
    if (charset === 'utf-8' || charset === '') return decodeURIComponent(encoded);
    if (charset === 'iso-8859-1') {
      return encoded.replace(/%([0-9a-f]{2})/gi, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16)));
    }
  } catch {
    return undefined;
  }
  return undefined;
}

/** Node reads header bytes as Latin-1; clients that send raw UTF-8 names get them back intact. */
function repairUtf8(value: string): string {
  if (!/[\u0080-\u00ff]/.test(value) || /[\u0100-\uffff]/.test(value)) return value;
  const decoded = Buffer.from(value, 'latin1').toString('utf8');
  return decoded.includes('\uFFFD') ? value : decoded;
}

/**
 * Browsers send `C:\fakepath\x.pdf` and some tools full paths: only the last part counts.
 * Control characters (a NUL from `%00`) are dropped: the name may become a title.
 */
function baseName(name: string | undefined): string | undefined {
  if (name === undefined) return undefined;
  const last = name.replace(/\p{Cc}/gu, '').split(/[/\\]/).pop()?.trim();
  return last ? last : undefined;
}

/**
 * `attachment; filename="<ASCII name without spaces>"`, plus filename*=UTF-8'' when the
 * name has characters the quoted form cannot carry.
 */
export function formatContentDisposition(type: 'attachment' | 'inline', fileName: string): string {
  const noSpaces = fileName.replace(/\s+/g, '_');
  const ascii = noSpaces
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^\x20-\x7e]/g, '_')
    .replace(/["\\]/g, '_');
  let header = `${type}; filename="${ascii || 'file'}"`;
  if (ascii !== noSpaces) header += `; filename*=UTF-8''${encodeRfc8187(noSpaces)}`;
  return header;
}

function encodeRfc8187(value: string): string {
  return encodeURIComponent(value).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
}
