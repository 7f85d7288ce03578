// Files the user opens with RefShelf from outside the app: a double-click on a PDF, .bib or
// .ris file (the installers register those types), "Open with", or paths on the command
// line. The shell hears them as macOS's open-file event, as its own argv, or as a second
// launch's argv (second-instance); each becomes an import of the files (import.paths).
import { statSync } from 'node:fs';
import path from 'node:path';
import { importKindOfName } from '../../../shared/bridge/importCommands.ts';

const isFile = (file: string) => statSync(file, { throwIfNoEntry: false })?.isFile() === true;

/**
 * The importable files among command-line arguments: Chromium's and the app's flags, the
 * executable, the app folder (in development) and anything that is not an existing file an
 * import takes (PDF, .bib, .bibtex, .ris: the one list, importKindOfName) are left out; relative paths are taken from the launch's folder.
 */
export function openedFilesIn(args: readonly string[], workingDirectory: string, exists: (file: string) => boolean = isFile): string[] {
  const files = args
    .filter((arg) => !arg.startsWith('-') && !/^[a-z][a-z0-9+.-]*:\/\//i.test(arg))
    .filter((arg) => importKindOfName(arg) !== undefined)
    .map((arg) => path.resolve(workingDirectory, arg))
    .filter((file) => exists(file));
  return [...new Set(files)];
}

/**
 * Holds opened files until the core can import them (macOS sends open-file before the app
 * is ready), then hands each batch to `importFiles` as it comes.
 */
export function createOpenedFilesInbox() {
  let pending: string[] = [];
  let importFiles: ((files: string[]) => void) | undefined;
  return {
    add(files: readonly string[]): void {
      if (!files.length) return;
      if (importFiles) importFiles([...files]);
      else pending.push(...files);
    },
    /** From now on, files go straight to `importer`; those that waited go first. */
    open(importer: (files: string[]) => void): void {
      importFiles = importer;
      const waiting = [...new Set(pending)];
      pending = [];
      if (waiting.length) importer(waiting);
    },
  };
}
