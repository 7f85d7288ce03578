// Names of stored files come from the document, not the uploader: `<year>-<Title>.<ext>`.
// They must be valid on every OS a client might save them to.

const MIME_EXTENSIONS: Record<string, string> = {
  'application/pdf': 'pdf',
  'application/postscript': 'ps',
  'application/epub+zip': 'epub',
  'application/msword': 'doc',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document': 'docx',
  'application/vnd.oasis.opendocument.text': 'odt',
  'application/rtf': 'rtf',
  'application/zip': 'zip',
  'application/x-bibtex': 'bib',
  'application/x-research-info-systems': 'ris',
  'application/xml': 'xml',
  'application/json': 'json',
  'text/plain': 'txt',
  'text/html': 'html',
  'text/csv': 'csv',
  'text/markdown': 'md',
  'image/png': 'png',
  'image/jpeg': 'jpg',
  'image/gif': 'gif',
  'image/tiff': 'tiff',
  'image/svg+xml': 'svg',
  'image/webp': 'webp',
};

const EXTENSION_MIME = Object.fromEntries(Object.entries(MIME_EXTENSIONS).map(([mime, ext]) => [ext, mime]));
EXTENSION_MIME.jpeg = 'image/jpeg';
EXTENSION_MIME.tif = 'image/tiff';
EXTENSION_MIME.htm = 'text/html';

// Windows forbids these names whatever the extension.
const RESERVED = /^(con|prn|aux|nul|com[0-9]|lpt[0-9])$/i;
const MAX_BASE_LENGTH = 200;

/** The extension of a client's file name (lower case, no dot), when it looks like one. */
export function extensionOf(fileName: string | undefined): string | undefined {
  const match = /\.([A-Za-z0-9]{1,10})$/.exec(fileName ?? '');
  return match ? match[1]!.toLowerCase() : undefined;
}

export function extensionForMime(mimeType: string): string | undefined {
  return MIME_EXTENSIONS[mimeType.split(';')[0]!.trim().toLowerCase()];
}

/** A MIME type guessed from a file name, for uploads sent as application/octet-stream. */
export function mimeForExtension(ext: string | undefined): string | undefined {
  return ext ? EXTENSION_MIME[ext.toLowerCase()] : undefined;
}

/** Makes text safe as (part of) a file name on Windows, macOS and Linux. */
export function sanitiseFileNamePart(text: string): string {
  const cleaned = text
    .normalize('NFC')
    // control characters and the characters Windows forbids
    // eslint-disable-next-line no-control-regex
    .replace(/[\u0000-\u001f\u007f<>:"/\\|?*]/g, ' ')
    .replace(/\s+/g, '_')
    .replace(/_+/g, '_')
    .replace(/^[_.]+|[_.]+$/g, '');
  const chars = Array.from(cleaned);
  const short = chars.length > MAX_BASE_LENGTH ? chars.slice(0, MAX_BASE_LENGTH).join('').replace(/[_.]+$/, '') : cleaned;
  return RESERVED.test(short) ? `_${short}` : short;
}

export interface NamingDocument {
  title: string | null;
  year: number | null;
}

/** `<year>-<Title_with_underscores>.<ext>`; parts that are missing are left out. */
export function generateFileName(document: NamingDocument, clientFileName: string | undefined, mimeType: string): string {
  const title = sanitiseFileNamePart(document.title ?? '');
  const year = document.year != null && Number.isInteger(document.year) ? String(document.year) : '';
  const base = [year, title].filter(Boolean).join('-') || 'file';
  const ext = extensionOf(clientFileName) ?? extensionForMime(mimeType);
  return ext ? `${base}.${ext}` : base;
}
