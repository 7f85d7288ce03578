// The reader's bridge commands: making a document's PDF local and loadable by the renderer.
// Annotations themselves use the core's annotations.* commands.

interface Command<Req, Res> {
  request: Req;
  response: Res;
}

/** A document's file, local on this machine, and the URL the renderer loads it from. */
export interface ReaderFile {
  documentId: string;
  fileId: string;
  /** SHA-1 of the bytes: the annotations' `filehash`. */
  filehash: string;
  fileName: string;
  size: number;
  /**
   * Same-origin path with a per-file token in browser mode, a `refshelf-file:` URL in the
   * desktop app. Valid while this run of the core lasts.
   */
  url: string;
}

export interface ReaderCommands {
  /**
   * Makes sure the document's PDF (or the file `fileId`) is in the local store, downloading
   * it through the sync engine's file transfer when only the service has it.
   */
  'reader.openFile': Command<{ documentId: string; fileId?: string }, ReaderFile>;
}

export const READER_COMMAND_NAMES = ['reader.openFile'] as const satisfies readonly (keyof ReaderCommands)[];
