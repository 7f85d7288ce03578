// arXiv ids through the arXiv API: an Atom feed with one entry per id. An unknown or
// badly formed id comes back as no entry, or as an entry whose id is an api/errors URL.
import { DOMParser, type Element } from '@xmldom/xmldom';
import { cleanArxivId } from '../../../shared/identifiers/index.ts';
import { fitRecord } from '../../../shared/bibtex/importedRecord.ts';
import { cleanDoi } from '../../../shared/identifiers/index.ts';
import { personFromFullName } from './personName.ts';
import { MalformedRecord, text, type IdentifierResolverSpec } from './resolverTypes.ts';

const ATOM = 'http://www.w3.org/2005/Atom';
const ARXIV = 'http://arxiv.org/schemas/atom';

function parseXml(body: string) {
  let failed = false;
  let doc;
  try {
    doc = new DOMParser({ onError: (level) => { if (level !== 'warning') failed = true; } }).parseFromString(body, 'text/xml');
  } catch {
    throw new MalformedRecord('not XML');
  }
  if (failed || !doc.documentElement || doc.documentElement.localName !== 'feed' || doc.documentElement.namespaceURI !== ATOM) {
    throw new MalformedRecord('not an Atom feed');
  }
  return doc.documentElement;
}

const childText = (parent: Element, ns: string, name: string) => text(parent.getElementsByTagNameNS(ns, name)[0]?.textContent);
const children = (parent: Element, ns: string, name: string) => Array.from(parent.getElementsByTagNameNS(ns, name));

export const arxivResolver: IdentifierResolverSpec = {
  kind: 'arxiv',
  upstream: 'arxiv',
  // The latest version is the one to describe.
  clean: (raw) => cleanArxivId(raw)?.replace(/v\d+$/i, ''),
  request: (id, settings) => ({ url: `${settings.baseUrls.arxiv}?id_list=${encodeURIComponent(id)}&max_results=1`, accept: 'application/atom+xml' }),
  parse(body, id) {
    const feed = parseXml(body);
    const entry = children(feed, ATOM, 'entry')[0];
    if (!entry) return undefined;
    const entryId = childText(entry, ATOM, 'id') ?? '';
    const title = childText(entry, ATOM, 'title');
    if (/\/api\/errors/.test(entryId) || !title) return undefined;
    const authors = children(entry, ATOM, 'author')
      .map((a) => personFromFullName(childText(a, ATOM, 'name') ?? ''))
      .filter((p) => p !== undefined);
    const published = childText(entry, ATOM, 'published') ?? '';
    const date = /^(\d{4})-(\d{2})-(\d{2})/.exec(published);
    const doi = childText(entry, ARXIV, 'doi');
    const journalRef = childText(entry, ARXIV, 'journal_ref');
    const categories = children(entry, ATOM, 'category').map((c) => c.getAttribute('term') ?? '').filter(Boolean);
    const fields = fitRecord({
      title,
      type: journalRef ? 'journal' : 'working_paper',
      abstract: childText(entry, ATOM, 'summary'),
      authors: authors.length ? authors : undefined,
      year: date ? Number(date[1]) : undefined,
      month: date ? Number(date[2]) : undefined,
      day: date ? Number(date[3]) : undefined,
      source: journalRef ?? 'arXiv',
      keywords: categories.length ? categories : undefined,
      websites: [`https://arxiv.org/abs/${id}`],
      identifiers: { arxiv: id, doi: doi ? cleanDoi(doi) : undefined },
    });
    return { fields, openAccess: true };
  },
};
