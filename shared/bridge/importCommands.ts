// The import area's commands: PDFs and bibliography files by path (dropped, chosen, or
// staged from a browser's File objects), documents by identifier, catalog lookups,
// export to BibTeX or RIS (formatted citations are the citing area's, citingCommands.ts).

interface Command<Req, Res> {
  request: Req;
  response: Res;
}

/** The file name extensions an import takes (from a dialog, a drop or a folder walk). */
export const IMPORT_EXTENSIONS = ['pdf', 'bib', 'bibtex', 'ris'] as const;

export type ImportFileKind = 'pdf' | 'bibtex' | 'ris';

/** What an import does with a file, by its name's extension (undefined: not imported). */
export function importKindOfName(name: string): ImportFileKind | undefined {
  const extension = /\.([^./\\]+)$/.exec(name)?.[1]?.toLowerCase();
  if (extension === 'pdf') return 'pdf';
  if (extension === 'bib' || extension === 'bibtex') return 'bibtex';
  if (extension === 'ris') return 'ris';
  return undefined;
}

/** What became of one file (or one identifier) of an import ('held': it looks like a document already there, see `held`). */
export type ImportOutcomeStatus = 'imported' | 'duplicate' | 'held' | 'warning' | 'failed';

/** What an import does with an item that looks like a document already in the library: hold it for the user to decide, or add it. */
export type DuplicatePolicy = 'ask' | 'add';

/** An item an import did not add because it looks like a document already in the library. */
export interface HeldDuplicate {
  /** What `import.resolveDuplicates` names it by (kept in this run of the app only). */
  heldId: string;
  /** The item's title as it would be added. */
  title: string;
  /** Why it is taken for the same work: a shared identifier, or a near-equal title, year and first author. */
  reason: 'doi' | 'pmid' | 'arxiv' | 'isbn' | 'title';
  existing: { id: string; title: string; year?: number; firstAuthor?: string };
}

export type DuplicateChoice = 'add' | 'merge' | 'skip';

export interface ResolvedDuplicate {
  heldId: string;
  /** 'gone': the app restarted since, or it was decided already. */
  status: 'added' | 'merged' | 'skipped' | 'gone';
  /** The document added, or the existing one it was merged into. */
  documentId?: string;
}

export interface ImportFileOutcome {
  /** The file's name as the user knows it (staged files keep their original name). */
  file: string;
  status: ImportOutcomeStatus;
  /** The document made or found (for a .bib/.ris file: none, see `records`). */
  documentId?: string;
  /** A sentence for the user: why it failed, or what to know about it. */
  message?: string;
  /** For .bib/.ris files: entries imported, and the broken ones with their line. */
  records?: number;
  problems?: { line: number; message: string }[];
  /** Items held back as likely duplicates (with the 'ask' policy): a PDF or identifier has one, a .bib/.ris file one per entry. */
  held?: HeldDuplicate[];
}

export interface ImportReport {
  batchId: string;
  files: ImportFileOutcome[];
  /** Documents waiting for the catalog lookup (offline, or the service did not answer). */
  pendingLookups: number;
}

export type ExportFormat = 'bibtex' | 'ris';

/** Which documents: a selection, a folder, or the whole personal library. */
export type ExportScope = { ids: string[] } | { folderId: string } | { library: true };

export interface ExportResult {
  format: ExportFormat;
  count: number;
  /** The exported text (always, so browser mode can offer it as a download). */
  text: string;
  /** Where it was written, when a path was given. */
  path?: string;
  /** A file name to suggest for a download. */
  fileName: string;
}

export interface LookupRunResult {
  /** Documents the catalog filled in during this run. */
  enriched: number;
  /** Still waiting (offline or failed for now). */
  pending: number;
}

export interface ImportCommands {
  /** Imports files and whole folders (recursively): PDFs, .bib and .ris. Progress comes as 'import.progress' events. */
  /** Into a folder (and its library), or into a group's library (groupId), else the personal one. */
  'import.paths': Command<{ paths: string[]; folderId?: string; groupId?: string; duplicates?: DuplicatePolicy }, ImportReport>;
  /** A DOI, arXiv id or ISBN: the catalog's record when online, else a document that waits for the lookup. */
  'import.identifier': Command<{ identifier: string; folderId?: string; duplicates?: DuplicatePolicy }, ImportFileOutcome>;
  /**
   * What to do with items an import held as likely duplicates: add them anyway, merge each
   * into the document it duplicates (that document keeps its values, gains the item's file,
   * identifiers, tags and empty fields), or skip them.
   */
  'import.resolveDuplicates': Command<{ decisions: { heldId: string; choice: DuplicateChoice }[] }, ResolvedDuplicate[]>;
  /** Runs the queued catalog lookups now. */
  'import.lookupNow': Command<void, LookupRunResult>;
  /**
   * Browser mode has no file paths: the renderer sends a file's bytes in chunks, in order.
   * The first call has no token and gets one; the last (`last: true`) answers the path to import.
   */
  /** A chunk of a file from the window (files/stagingArea.ts); `offset`, when given, must be the bytes sent so far. */
  'staging.write': Command<{ token?: string; name: string; offset?: number; chunkBase64: string; last?: boolean }, { token: string; path?: string }>;
  /** BibTeX or RIS of a selection, a folder or the library; written to `path` when given. */
  'export.bibliography': Command<{ format: ExportFormat; scope: ExportScope; path?: string }, ExportResult>;
}

export const IMPORT_COMMAND_NAMES = [
  'import.paths', 'import.identifier', 'import.resolveDuplicates', 'import.lookupNow', 'staging.write', 'export.bibliography',
] as const satisfies readonly (keyof ImportCommands)[];
