// The rules that tell the three annotation kinds apart (real-api notes, "Annotations"),
// checked on the result of every local create or edit so the service will accept the push.
// The service applies the same rules in server/library/annotationKinds.ts.
import type { AnnotationType, Position } from '../../../shared/schemas/annotation.ts';
import type { LocalAnnotation } from './types.ts';

type Shape = Pick<LocalAnnotation, 'text' | 'color' | 'positions' | 'filehash'>;

const isPoint = (p: Position) => p.top_left.x === p.bottom_right.x && p.top_left.y === p.bottom_right.y;

/** No file and no positions: a note; one point: a sticky note; anything else: a highlight. */
export function inferKind(shape: Shape): AnnotationType {
  const positions = shape.positions ?? [];
  if (!shape.filehash && positions.length === 0) return 'note';
  if (positions.length === 1 && isPoint(positions[0]!)) return 'sticky_note';
  return 'highlight';
}

export function kindProblem(type: AnnotationType, shape: Shape): string | undefined {
  const positions = shape.positions ?? [];
  switch (type) {
    case 'note':
      if (shape.filehash || positions.length || shape.color) return 'A note carries only text: no filehash, positions or color';
      if (typeof shape.text !== 'string') return 'A note needs text';
      return undefined;
    case 'sticky_note':
      if (!shape.filehash) return 'A sticky note needs the filehash of the file it is on';
      if (positions.length !== 1 || !isPoint(positions[0]!)) return 'A sticky note has exactly one position, a point';
      return undefined;
    case 'highlight':
      if (!shape.filehash) return 'A highlight needs the filehash of the file it is on';
      if (!positions.length) return 'A highlight needs at least one position';
      if (!shape.color) return 'A highlight needs a color';
      return undefined;
  }
}
