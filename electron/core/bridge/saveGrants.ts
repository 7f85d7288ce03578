// Export and save commands write only where the user chose in the save dialog: the renderer
// passes back the path app.chooseSavePath answered, and each such path may be written once.
// A path the renderer makes up (a page compromised through a PDF or a metadata field could
// name ~/.bashrc) is refused before anything is written. Browser mode has no dialog and no
// path: its exports come back as text or a download link.
import path from 'node:path';
import type { CommandName } from '../../../shared/bridge/contract.ts';
import type { Handlers } from './dispatch.ts';
import { BridgeFailure } from '../commands/failure.ts';

/** The commands that write to a path given in their request's `path` field. */
export const SAVE_COMMANDS: readonly CommandName[] = ['export.bibliography', 'reader.exportAnnotatedPdf'];
/** Chosen paths not yet written to are forgotten beyond this many (a dialog answered, the export never run). */
const MAX_OPEN_GRANTS = 16;

export interface SaveGrants {
  /** Records a path the save dialog answered; passes it through. */
  grant(chosen: string | undefined): string | undefined;
  /** Uses up the grant of a path, or throws 'forbidden' when the dialog did not give it. */
  take(requested: string): void;
}

export function createSaveGrants(): SaveGrants {
  const open: string[] = [];
  return {
    grant(chosen) {
      if (chosen === undefined) return undefined;
      open.push(path.resolve(chosen));
      if (open.length > MAX_OPEN_GRANTS) open.shift();
      return chosen;
    },
    take(requested) {
      const index = path.isAbsolute(requested) ? open.indexOf(path.resolve(requested)) : -1;
      if (index < 0) throw new BridgeFailure('forbidden', 'Choose where to save the file in the save dialog first', 'path');
      open.splice(index, 1);
    },
  };
}

/** The save commands, each first checking that its path (if any) came from the save dialog. */
export function guardSavePaths(handlers: Handlers, grants: SaveGrants): Handlers {
  const guarded: Partial<Record<CommandName, (request: unknown) => unknown>> = {};
  for (const command of SAVE_COMMANDS) {
    const handler = handlers[command] as ((request: unknown) => unknown) | undefined;
    if (!handler) continue;
    guarded[command] = (request: unknown) => {
      const requested = (request as { path?: unknown } | null)?.path;
      if (requested !== undefined) {
        if (typeof requested !== 'string') throw new BridgeFailure('invalid', 'path must be text', 'path');
        grants.take(requested);
      }
      return handler(request);
    };
  }
  return { ...handlers, ...guarded } as Handlers;
}
