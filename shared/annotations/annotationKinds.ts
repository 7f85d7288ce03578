// The rules that tell the three annotation kinds apart (real-api notes, "Annotations").
// One copy for the service and the desktop: the service checks creations and the result of
// every PATCH; the desktop checks local edits so that its pushes are accepted.
import type { Color } from '../schemas/common.ts';
import type { AnnotationType, Position } from '../schemas/annotation.ts';

export interface AnnotationShape {
  text?: string | null;
  color?: Color | null;
  positions?: Position[] | null;
  filehash?: string | null;
  style?: string | null;
}

function isPoint(position: Position): boolean {
  return position.top_left.x === position.bottom_right.x && position.top_left.y === position.bottom_right.y;
}

/** No file and no positions: a note; one point: a sticky note; anything else: a highlight. */
export function inferKind(shape: AnnotationShape): AnnotationType {
  const positions = shape.positions ?? [];
  if (!shape.filehash && positions.length === 0) return 'note';
  if (positions.length === 1 && isPoint(positions[0]!)) return 'sticky_note';
  return 'highlight';
}

/** Why `shape` is not a valid annotation of kind `type`, or undefined when it is. */
export function kindProblem(type: AnnotationType, shape: AnnotationShape): string | undefined {
  const positions = shape.positions ?? [];
  if (shape.style && type !== 'highlight') return `Only a highlight has a style (this is a ${type})`;
  switch (type) {
    case 'note':
      if (shape.filehash || positions.length || shape.color) {
        return 'A note carries only document_id and text: it has no filehash, positions or color';
      }
      if (typeof shape.text !== 'string') return 'A note needs text';
      return undefined;
    case 'sticky_note':
      if (!shape.filehash) return 'A sticky_note needs the filehash of the file it is on';
      if (positions.length !== 1) return `A sticky_note has exactly one position (got ${positions.length})`;
      if (!isPoint(positions[0]!)) return 'A sticky_note position is a point: its top_left must equal its bottom_right';
      return undefined;
    case 'highlight':
      if (!shape.filehash) return 'A highlight needs the filehash of the file it is on';
      if (!positions.length) return 'A highlight needs at least one position';
      if (!shape.color) return 'A highlight needs a color';
      return undefined;
  }
}
