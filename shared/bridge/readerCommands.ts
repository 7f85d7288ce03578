// The reader's bridge commands: making a document's PDF local and loadable by the renderer,
// and a copy of it with the annotations written in. Annotations themselves use the core's
// annotations.* commands.
import type { AnnotationType } from '../schemas/annotation.ts';

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

/** An annotation that is not in the annotated copy, and why. */
export interface SkippedAnnotation {
  id: string;
  type: AnnotationType;
  reason: string;
}

/** A copy of the PDF with the document's annotations in it as standard PDF annotations. */
export interface AnnotatedPdfExport {
  /** A name to suggest for the copy: the file's own name with "(annotated)". */
  fileName: string;
  size: number;
  /** How many of the document's annotations are in the copy. */
  written: number;
  skipped: SkippedAnnotation[];
  /** Where the copy was written, when a path was given. */
  path?: string;
  /** Else (browser mode): the URL to download it from, valid while this run of the core lasts. */
  url?: string;
}

export interface ReaderCommands {
  /**
   * Makes sure the document's PDF (or the file `fileId`) is in the local store, downloading
   * it through the sync engine's file transfer when only the service has it.
   */
  'reader.openFile': Command<{ documentId: string; fileId?: string }, ReaderFile>;
  /**
   * Writes a copy of the document's PDF (or of the file `fileId`) with its highlights as
   * /Highlight annotations (colour, author, text as the comment; underlines as /Underline,
   * areas as /Square) and its sticky notes as /Text note icons at their points; the document note, and annotations on another file or on
   * pages the PDF lacks, are listed in `skipped`. To `path` (an absolute path, from the
   * shell's save dialog) when given; else kept for download from `url`. A PDF that cannot
   * be opened fails with 'invalid' (damaged, not a PDF) or 'unsupported' (a password, too large).
   */
  'reader.exportAnnotatedPdf': Command<{ documentId: string; fileId?: string; path?: string }, AnnotatedPdfExport>;
}

export const READER_COMMAND_NAMES = ['reader.openFile', 'reader.exportAnnotatedPdf'] as const satisfies readonly (keyof ReaderCommands)[];
