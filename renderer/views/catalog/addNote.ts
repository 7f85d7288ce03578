// What the catalog says after "Add to library": a new document or the one the library held
// already, with or without the open-access PDF.
import type { CatalogAddResult } from '../../../shared/bridge/catalogCommands.ts';

export type AddState =
  | { kind: 'idle' }
  | { kind: 'adding' }
  | { kind: 'added'; documentId: string; already: boolean; withFile: boolean; fileError?: string }
  | { kind: 'failed'; message: string };

export function addedState(result: CatalogAddResult): AddState {
  return {
    kind: 'added',
    documentId: result.document.id,
    already: Boolean(result.alreadyInLibrary),
    withFile: Boolean(result.file),
    ...(result.fileError ? { fileError: result.fileError } : {}),
  };
}

export function addNote(state: Extract<AddState, { kind: 'added' }>): string {
  if (state.already) return state.withFile ? 'Already in your library; its PDF is attached now' : 'Already in your library';
  return state.withFile ? 'Added to your library with its PDF' : 'Added to your library';
}
