// Undo of the last annotation change: what to send to the bridge to put things back.
import type { AnnotationPatch, LibraryAnnotation, NewAnnotation } from '../../../shared/bridge/contract.ts';
import { markName } from './markStyles.ts';

export type AnnotationChange =
  | { kind: 'created'; annotation: LibraryAnnotation }
  | { kind: 'updated'; before: LibraryAnnotation; after: LibraryAnnotation }
  | { kind: 'deleted'; annotation: LibraryAnnotation };

export type UndoAction =
  | { command: 'annotations.delete'; id: string }
  | { command: 'annotations.update'; id: string; patch: AnnotationPatch }
  | { command: 'annotations.create'; request: NewAnnotation };

export function undoLabel(change: AnnotationChange): string {
  const noun = nounOf(change.kind === 'updated' ? change.after : change.annotation);
  return change.kind === 'created' ? `Undo adding the ${noun}` : change.kind === 'deleted' ? `Undo deleting the ${noun}` : `Undo the change to the ${noun}`;
}

/** Every kind has a name: the document note's "Add a note" is an undoable change too. */
function nounOf(a: LibraryAnnotation): string {
  if (a.type === 'sticky_note') return 'sticky note';
  if (a.type === 'note') return 'document note';
  return (markName(a) ?? 'highlight').toLowerCase();
}

export function undoAction(change: AnnotationChange): UndoAction {
  switch (change.kind) {
    case 'created':
      return { command: 'annotations.delete', id: change.annotation.id };
    case 'deleted': {
      const a = change.annotation;
      const request: NewAnnotation = { document_id: a.document_id, type: a.type, privacy_level: a.privacy_level };
      if (a.text !== undefined) request.text = a.text;
      if (a.color) request.color = a.color;
      if (a.positions) request.positions = a.positions;
      if (a.style) request.style = a.style;
      if (a.filehash) request.filehash = a.filehash;
      return { command: 'annotations.create', request };
    }
    case 'updated': {
      const { before, after } = change;
      const patch: AnnotationPatch = {};
      if (before.text !== after.text) patch.text = before.text ?? null;
      if (JSON.stringify(before.color) !== JSON.stringify(after.color)) patch.color = before.color ?? null;
      if (before.privacy_level !== after.privacy_level) patch.privacy_level = before.privacy_level;
      if (JSON.stringify(before.positions) !== JSON.stringify(after.positions)) patch.positions = before.positions ?? null;
      if (before.style !== after.style) patch.style = before.style ?? null;
      return { command: 'annotations.update', id: after.id, patch };
    }
  }
}
