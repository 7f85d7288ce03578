// A simple author-year citation (APA-like) of a library document, as plain text:
// "Knuth, D. E. (1984). Literate programming. The Computer Journal, 27(2), 97–111. https://doi.org/…"
import type { LibraryDocument } from '../../../shared/bridge/contract.ts';
import type { Person } from '../../../shared/schemas/common.ts';

const initials = (first: string) =>
  first.split(/[\s.]+/).filter(Boolean).map((part) => part.split('-').map((p) => `${p[0]!.toUpperCase()}.`).join('-')).join(' ');

function personName(p: Person): string {
  return p.first_name ? `${p.last_name}, ${initials(p.first_name)}` : p.last_name;
}

/** "A", "A, & B", "A, B, & C"; 21 or more: the first 19, an ellipsis, the last (APA 7). */
function authorList(people: readonly Person[]): string {
  const names = people.map(personName);
  if (names.length === 1) return names[0]!;
  if (names.length > 20) return `${names.slice(0, 19).join(', ')}, … ${names[names.length - 1]}`;
  return `${names.slice(0, -1).join(', ')}, & ${names[names.length - 1]}`;
}

const endWithStop = (text: string) => (/[.?!]$/.test(text) ? text : `${text}.`);

export function formatCitation(d: LibraryDocument): string {
  const parts: string[] = [];
  const authors = d.authors?.length ? authorList(d.authors) : d.editors?.length ? `${authorList(d.editors)} (Ed${d.editors.length > 1 ? 's' : ''}.)` : '';
  const year = `(${d.year ?? 'n.d.'}).`;
  parts.push(authors ? `${endWithStop(authors)} ${year}` : year);
  parts.push(endWithStop(d.title.trim()));
  if (d.source) {
    let source = d.source;
    if (d.volume) source += `, ${d.volume}${d.issue ? `(${d.issue})` : ''}`;
    if (d.pages) source += `, ${d.pages.replace(/-+/g, '–')}`;
    parts.push(endWithStop(source));
  } else if (d.publisher) {
    parts.push(endWithStop(d.publisher));
  }
  const doi = d.identifiers?.doi;
  if (doi) parts.push(`https://doi.org/${doi}`);
  else if (d.identifiers?.arxiv) parts.push(`arXiv:${d.identifiers.arxiv}`);
  return parts.join(' ');
}
