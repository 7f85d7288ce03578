// The Info dictionary and XMP packet: titles, authors and DOIs the writer recorded. Writers
// often record junk ("Microsoft Word - draft.doc", a file name, a font name), so every value
// passes a plausibility check before it is used.
import { cleanDoi } from '../../identifiers/index.ts';
import { isPlaceholderDoi, ownDois } from './placeholderDoi.ts';
import { normalizeText } from './textLines.ts';

export interface DocumentInfo {
  title?: string;
  authors?: string[];
  doi?: string;
  keywords?: string[];
  subject?: string;
  /** Year of the CreationDate, a weak hint only. */
  creationYear?: number;
}

interface MetadataLike {
  get?: (name: string) => unknown;
  getRaw?: () => unknown;
}

const JUNK_TITLE = [
  /^microsoft (?:word|powerpoint|excel)\b/i,
  /^untitled\b/i,
  /^(?:no title|title|document|doc\d*|paper|article|manuscript|main|draft|report|template|slides?)$/i,
  /\.(?:pdf|docx?|tex|dvi|ps|rtf|odt|indd|qxd|txt|html?)$/i,
  /^[\w-]+\.\w{2,4}$/,
  /^(?:cm|sf|lm|ec|ms)[a-z]{1,4}\d{1,2}$/i, // a TeX font name (CMBX12)
  /^[A-Z]{6}\+/, // a subset font name
  /^[\w.-]*\d{3,}[\w.-]*$/, // an id or a file stem without spaces ("jss816", "ms-2014-0012")
  /^(?:https?:|file:|[a-z]:\\|\/)/i,
  /^\s*$/,
];

export function isJunkTitle(title: string): boolean {
  const t = title.trim();
  if (t.length < 4 || t.length > 500) return true;
  if (!/\p{L}{2}/u.test(t)) return true;
  if (!/\s/.test(t) && t.length > 25) return true;
  return JUNK_TITLE.some((re) => re.test(t));
}

function str(v: unknown): string | undefined {
  // A writer that escaped its octal escapes records them as text ("Beno\356t"): they are PDFDocEncoding's letters.
  if (typeof v === 'string') return normalizeText(v.replace(/\\([0-3][0-7]{2})/g, (_, oct: string) => String.fromCharCode(parseInt(oct, 8)))) || undefined;
  if (Array.isArray(v)) return str(v.filter((x) => typeof x === 'string').join('; '));
  return undefined;
}

export function readDocumentInfo(info: Record<string, unknown> | undefined, metadata: MetadataLike | null | undefined): DocumentInfo {
  const out: DocumentInfo = {};
  const xmp = (name: string): unknown => {
    try {
      return metadata?.get?.(name);
    } catch {
      return undefined;
    }
  };
  const title = str(xmp('dc:title')) ?? str(info?.Title);
  if (title && !isJunkTitle(title)) out.title = title;

  const creatorValue = xmp('dc:creator');
  const creators = Array.isArray(creatorValue) ? creatorValue.map(str).filter((x): x is string => !!x) : str(creatorValue) ? [str(creatorValue)!] : [];
  const author = creators.length ? creators.join('; ') : str(info?.Author);
  if (author && /\p{L}{2}/u.test(author) && !/^(?:admin|user|owner|unknown|author|administrator)$/i.test(author)) {
    out.authors = author.split(/\s*;\s*|\s+and\s+|\s*,\s*(?=\p{Lu}\p{Ll}+\s+\p{Lu})/u).map((s) => s.trim()).filter(Boolean).slice(0, 100);
  }

  let raw = '';
  try {
    const r = metadata?.getRaw?.();
    raw = typeof r === 'string' ? r.slice(0, 200_000) : '';
  } catch {
    raw = '';
  }
  const doiKeys = /<(?:prism:doi|pdfx:doi|crossmark:DOI|dc:identifier)[^>]*>\s*(?:<rdf:[^>]*>\s*<rdf:li[^>]*>)?\s*([^<]+)|(?:prism:doi|pdfx:doi|crossmark:DOI)="([^"]+)"/gi;
  for (const m of raw.matchAll(doiKeys)) {
    const doi = cleanDoi(m[1] ?? m[2] ?? '');
    if (doi) {
      out.doi = doi;
      break;
    }
  }
  if (!out.doi) {
    const fromInfo = str(info?.doi) ?? str(info?.DOI) ?? str((info?.Custom as Record<string, unknown> | undefined)?.doi);
    const doi = fromInfo ? cleanDoi(fromInfo) : undefined;
    if (doi) out.doi = doi;
  }
  const subject = str(xmp('dc:description')) ?? str(info?.Subject);
  if (subject) {
    out.subject = subject;
    if (!out.doi) out.doi = ownDois(subject)[0];
  }
  const keywords = str(xmp('pdf:keywords')) ?? str(info?.Keywords);
  if (keywords && /\p{L}{3}/u.test(keywords)) {
    out.keywords = keywords.split(/\s*[;,]\s*/).map((k) => k.trim()).filter((k) => k.length > 1 && k.length <= 300).slice(0, 50);
  }
  const created = str(info?.CreationDate);
  const year = created ? /^(?:D:)?(\d{4})/.exec(created)?.[1] : undefined;
  if (year && Number(year) > 1990 && Number(year) <= new Date().getFullYear() + 1) out.creationYear = Number(year);
  if (!out.doi || isPlaceholderDoi(out.doi)) delete out.doi;
  return out;
}
