// RIS export of documents (one record per document, "ER  - " after each). parseRis reads
// back every field written here.
import type { Person } from '../schemas/common.ts';
import type { DocumentFields } from '../schemas/document.ts';
import { risTypeOf } from './risTypes.ts';

export const RIS_MEDIA_TYPE = 'application/x-research-info-systems';

type RisSource = DocumentFields & { title: string };

const oneLine = (text: string) => text.replace(/\s+/g, ' ').trim();
/** "Last, First" or "Last, First, Suffix", as RIS readers expect. */
const name = (p: Person) => [p.last_name, p.first_name ?? (p.suffix ? '' : undefined), p.suffix].filter((part) => part !== undefined).join(', ');
const pad = (n: number) => String(n).padStart(2, '0');

export function formatRisRecord(d: RisSource): string {
  const lines: string[] = [];
  const add = (tag: string, value: string | number | undefined) => {
    if (value === undefined || value === '') return;
    lines.push(`${tag}  - ${oneLine(String(value))}`);
  };
  add('TY', risTypeOf(d.type));
  add('ID', d.citation_key);
  add('TI', d.title);
  for (const a of d.authors ?? []) add('AU', name(a));
  const editorTag = d.type === 'journal' ? 'ED' : 'A2';
  for (const e of d.editors ?? []) add(editorTag, name(e));
  add('T2', d.source);
  add('T3', d.series);
  if (typeof d.year === 'number') {
    add('PY', d.year);
    if (d.month) add('DA', `${d.year}/${pad(d.month)}/${d.day ? pad(d.day) : ''}/`);
  }
  add('VL', d.volume);
  add('IS', d.issue);
  if (d.pages) {
    const [start, end] = d.pages.split('-');
    add('SP', start);
    add('EP', end);
  }
  // RIS has no institution tag: a thesis's university or a report's institution is its PB.
  const issuedByInstitution = d.type === 'thesis' || d.type === 'report' || d.type === 'working_paper';
  add('PB', issuedByInstitution ? d.institution ?? d.publisher : d.publisher);
  add('CY', d.city);
  add('ET', Array.isArray(d.edition) ? d.edition.join(', ') : d.edition);
  add('LA', d.language);
  const ids = d.identifiers ?? {};
  add('DO', ids.doi);
  add('SN', ids.isbn);
  add('SN', ids.issn);
  if (ids.pmid) add('AN', `PMID: ${ids.pmid}`);
  if (ids.arxiv) add('UR', `https://arxiv.org/abs/${ids.arxiv}`);
  for (const w of d.websites ?? []) add('UR', w);
  for (const k of d.keywords ?? []) add('KW', k);
  add('AB', d.abstract);
  lines.push('ER  - ');
  return `${lines.join('\n')}\n`;
}

export function formatRis(documents: readonly RisSource[]): string {
  return documents.map(formatRisRecord).join('\n');
}
