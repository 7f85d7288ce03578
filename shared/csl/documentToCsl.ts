// A library document as a CSL-JSON item, the input of citeproc-js and of CSL-JSON export.
// Field by field and type by type, with the meanings the details pane gives the fields
// (renderer/lib/fieldLayout.ts): `source` is the container only for types that have one (a
// thesis's is its university, a film's its distributor, a patent's its office, a report's
// its series); report, patent and bill numbers are CSL `number`, not `issue`; a film's
// authors are its directors; arXiv preprints keep their id; names keep particles and suffixes.
import type { Person } from '../schemas/common.ts';
import type { DocumentFields, DocumentType } from '../schemas/document.ts';
import type { CslItem, CslName } from './cslJson.ts';

export const CSL_TYPE_OF: Record<DocumentType, string> = {
  journal: 'article-journal', book: 'book', generic: 'document', book_section: 'chapter',
  conference_proceedings: 'paper-conference', working_paper: 'report', report: 'report', web_page: 'webpage',
  thesis: 'thesis', magazine_article: 'article-magazine', statute: 'legislation', patent: 'patent',
  newspaper_article: 'article-newspaper', computer_program: 'software', hearing: 'hearing',
  television_broadcast: 'broadcast', encyclopedia_article: 'entry-encyclopedia', case: 'legal_case',
  film: 'motion_picture', bill: 'bill',
};

/** Types whose `source` is the work they appear in (journal, book, proceedings, site, reporter...). */
const CONTAINED: ReadonlySet<DocumentType> = new Set([
  'journal', 'book_section', 'conference_proceedings', 'magazine_article', 'newspaper_article', 'encyclopedia_article',
  'web_page', 'television_broadcast', 'case', 'statute', 'bill',
]);

/** Types whose `issue` is a number of the document itself (report no., patent no., bill no.). */
const NUMBERED: ReadonlySet<DocumentType> = new Set(['report', 'working_paper', 'patent', 'bill', 'statute', 'case', 'hearing', 'generic', 'thesis', 'computer_program']);

/** Types whose `institution` is the publisher (university, issuing body). */
const ISSUED_BY_INSTITUTION: ReadonlySet<DocumentType> = new Set(['thesis', 'report', 'working_paper']);

const SUFFIX = /^(.*?),?\s+((?:Jr|Sr)\.?|I{2,3}|IV|V|VI{1,3})$/;
const PARTICLE = /^((?:(?:[a-z]+|d[ae]'?|l[ae]'?)\s+)+)(\p{Lu}.*)$/u;

/** One person as a CSL name: particles apart ("van Beethoven"), suffixes apart ("King, Jr."), bodies literal. */
export function cslNameOf(person: Person): CslName {
  let family = person.last_name.trim();
  let suffix = person.suffix?.trim() || undefined;
  const given = person.first_name?.trim() || undefined;
  if (!suffix) {
    // Names stored before the person model had a suffix: "King, Jr." in the family name.
    const legacy = SUFFIX.exec(family);
    if (legacy && given) {
      family = legacy[1]!.trim();
      suffix = legacy[2];
    }
  }
  const particle = PARTICLE.exec(family);
  if (!given && !particle && /\s/.test(family)) return { literal: family };
  const name: CslName = {};
  if (particle) {
    name['non-dropping-particle'] = particle[1]!.trim();
    name.family = particle[2]!;
  } else {
    name.family = family;
  }
  if (given) name.given = given;
  if (suffix) name.suffix = suffix;
  return name;
}

function dateParts(year: number | undefined, month?: number, day?: number): { 'date-parts': number[][] } | undefined {
  if (typeof year !== 'number') return undefined;
  return { 'date-parts': [[year, ...(month ? [month, ...(day ? [day] : [])] : [])]] };
}

function isoDateParts(iso: string | undefined): { 'date-parts': number[][] } | undefined {
  const match = iso ? /^(\d{4})-(\d{2})-(\d{2})/.exec(iso) : null;
  return match ? dateParts(Number(match[1]), Number(match[2]), Number(match[3])) : undefined;
}

export type CitableDocument = DocumentFields & { title: string; id?: string };

export function documentToCsl(d: CitableDocument): CslItem {
  const type: DocumentType = d.type ?? 'journal';
  const ids = d.identifiers ?? {};
  const preprint = Boolean(ids.arxiv) && !d.source && (type === 'working_paper' || type === 'generic' || type === 'journal');
  const item: CslItem = { id: d.id ?? d.citation_key ?? d.title, type: preprint ? 'article' : CSL_TYPE_OF[type], title: d.title };
  const set = (key: string, value: unknown) => {
    if (value === undefined || value === '' || (Array.isArray(value) && !value.length)) return;
    if (item[key] === undefined) item[key] = value;
  };
  const names = (people: readonly Person[] | undefined) => people?.map(cslNameOf);

  set('citation-key', d.citation_key);
  set(type === 'film' ? 'director' : 'author', names(d.authors));
  set('editor', names(d.editors));
  set('translator', names(d.translators));
  if (d.series_editor) set('collection-editor', [{ literal: d.series_editor }]);
  set('issued', dateParts(d.year, d.month, d.day));
  set('accessed', isoDateParts(d.accessed));

  if (CONTAINED.has(type)) set('container-title', d.source ?? ((type === 'statute' || type === 'bill') ? d.code : undefined));
  set('collection-title', d.series);
  if (type === 'report' || type === 'working_paper' || type === 'book') set('collection-title', d.source);
  if (type === 'conference_proceedings' && d.source) set('event-title', d.source);

  set('volume', d.volume);
  if (NUMBERED.has(type)) set('number', type === 'patent' ? d.patent_application_number ?? d.issue : d.issue);
  else set('issue', d.issue);
  const bookLength = (type === 'book' || type === 'thesis') && d.pages && /^\d+$/.test(d.pages.trim());
  set(bookLength ? 'number-of-pages' : 'page', d.pages);
  set('chapter-number', d.chapter);
  set('edition', Array.isArray(d.edition) ? d.edition.join(', ') : d.edition);
  set('version', d.revision);

  const institution = d.institution ?? d.department;
  if (ISSUED_BY_INSTITUTION.has(type)) set('publisher', institution);
  if (type === 'thesis' || type === 'film') set('publisher', d.source);
  if (type === 'hearing' || type === 'patent') set('authority', d.source);
  if (type === 'case' || type === 'hearing' || type === 'statute' || type === 'bill') set('authority', institution);
  set('publisher', d.publisher);
  if (type === 'patent') set('publisher', d.source);
  if (type === 'conference_proceedings' || type === 'generic') set('publisher', institution);
  set('publisher-place', d.city);
  if (type === 'patent') set('jurisdiction', d.country);
  else set('publisher-place', d.country);

  set('genre', d.genre ?? (type === 'thesis' ? d.source_type : undefined) ?? (type === 'working_paper' && !preprint ? 'Working paper' : undefined));
  set('medium', d.medium ?? (type === 'computer_program' ? d.source : undefined));
  set('status', d.patent_legal_status);
  set('language', d.language);
  set('title-short', d.short_title);
  set('abstract', d.abstract);
  set('keyword', d.keywords?.join(', '));

  set('DOI', ids.doi);
  set('ISBN', ids.isbn);
  set('ISSN', ids.issn);
  set('PMID', ids.pmid);
  if (ids.arxiv) {
    if (preprint) {
      set('publisher', 'arXiv');
      set('number', `arXiv:${ids.arxiv}`);
    }
    set('URL', d.websites?.[0] ?? (ids.doi ? undefined : `https://arxiv.org/abs/${ids.arxiv}`));
  }
  set('URL', d.websites?.[0]);
  return item;
}
