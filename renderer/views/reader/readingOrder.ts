// The side panel's order and filters: the document note first, then by page, then from the
// top of the page down (PDF y grows upwards), then left to right.
import type { LibraryAnnotation } from '../../../shared/bridge/contract.ts';
import type { AnnotationType } from '../../../shared/schemas/annotation.ts';
import type { Color } from '../../../shared/schemas/common.ts';

function anchorOf(a: LibraryAnnotation): { page: number; top: number; left: number } {
  const positions = a.positions ?? [];
  if (!positions.length) return { page: 0, top: Infinity, left: -Infinity };
  const first = positions.reduce((best, p) => (p.page < best.page || (p.page === best.page && p.top_left.y > best.top_left.y) ? p : best));
  return { page: first.page, top: first.top_left.y, left: first.top_left.x };
}

export function compareReadingOrder(a: LibraryAnnotation, b: LibraryAnnotation): number {
  const x = anchorOf(a);
  const y = anchorOf(b);
  return x.page - y.page || y.top - x.top || x.left - y.left || a.id.localeCompare(b.id);
}

export function inReadingOrder(annotations: readonly LibraryAnnotation[]): LibraryAnnotation[] {
  return [...annotations].sort(compareReadingOrder);
}

export function colorKey(color: Color | undefined): string {
  if (!color) return 'none';
  return `#${[color.r, color.g, color.b].map((v) => v.toString(16).padStart(2, '0')).join('')}`;
}

/** Empty sets mean "any". */
export interface AnnotationFilter {
  colors: ReadonlySet<string>;
  authors: ReadonlySet<string>;
  kinds: ReadonlySet<AnnotationType>;
}

export const NO_FILTER: AnnotationFilter = { colors: new Set(), authors: new Set(), kinds: new Set() };

/** The author key of an annotation: its profile id, or 'me' for one not yet pushed. */
export const authorKey = (a: LibraryAnnotation) => a.profile_id ?? 'me';

export function matchesFilter(a: LibraryAnnotation, filter: AnnotationFilter): boolean {
  if (filter.kinds.size && !filter.kinds.has(a.type)) return false;
  if (filter.colors.size && !filter.colors.has(colorKey(a.color))) return false;
  if (filter.authors.size && !filter.authors.has(authorKey(a))) return false;
  return true;
}
