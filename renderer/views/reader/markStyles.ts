// How a highlight is marked on the page (its style): highlighted, underlined, or an area
// (a rectangle over a figure). One name for each, used by the panel, the Markdown export
// and undo labels.
import type { LibraryAnnotation } from '../../../shared/bridge/contract.ts';

/** "Highlight", "Underline" or "Area" for a highlight; undefined for other kinds. */
export function markName(a: Pick<LibraryAnnotation, 'type' | 'style'>): string | undefined {
  if (a.type !== 'highlight') return undefined;
  return a.style === 'underline' ? 'Underline' : a.style === 'area' ? 'Area' : 'Highlight';
}
