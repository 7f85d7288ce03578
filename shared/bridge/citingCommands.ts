// The citing area's commands: citation styles and locales (citeproc-js with the official
// CSL files), quick copy, formatted bibliographies, and live bibliography files.
import type { ExportScope } from './importCommands.ts';

interface Command<Req, Res> {
  request: Req;
  response: Res;
}

export interface CitationStyle {
  /** The style file's base name ("apa", "chicago-author-date"). */
  id: string;
  title: string;
  /** 'note' styles cite in footnotes; 'in-text' ones in the running text. */
  kind: 'in-text' | 'note';
  /** Shipped with the app (else added by the user). */
  bundled: boolean;
}

export interface CitingPreferences {
  /** The default style of quick copy and export. */
  style: string;
  /** The CSL locale ("en-US", "de-DE"): terms, dates and punctuation. */
  locale: string;
  /** How new citation keys are made, e.g. "auth.lower + year + shorttitle" (see citationKeys.ts). */
  keyPattern: string;
}

export type CitationKind = 'bibliography' | 'citation';
export type CitationOutput = 'html' | 'text' | 'rtf';

export interface FormattedCitation {
  html: string;
  text: string;
  rtf: string;
  /** True when the desktop shell put it on the clipboard; browser mode leaves that to the page. */
  copied: boolean;
}

export type AutoExportFormat = 'bibtex' | 'biblatex' | 'csljson';

export interface AutoExport {
  id: string;
  /** A folder or the whole personal library. */
  scope: { folderId: string } | { library: true };
  format: AutoExportFormat;
  /** The file kept up to date (absolute path on this machine). */
  path: string;
  /** When the file was last written, and how many entries it holds. */
  lastWrittenAt?: string;
  entries?: number;
  /** Why the last write failed, as a sentence. */
  error?: string;
}

export interface CitingCommands {
  /** Every usable style (bundled and the user's), the locales, and the current choice. */
  'citing.styles': Command<void, { styles: CitationStyle[]; locales: string[]; preferences: CitingPreferences }>;
  'citing.setPreferences': Command<Partial<CitingPreferences>, CitingPreferences>;
  /** A .csl file dropped or picked: by path (desktop) or by its text (browser mode). */
  'citing.addStyle': Command<{ path: string } | { fileName: string; xml: string }, CitationStyle>;
  /** The documents' bibliography or in-text citation, in every output (default style and locale unless given). */
  'citing.format': Command<{ ids: string[]; kind: CitationKind; style?: string; locale?: string }, FormattedCitation>;
  /** As citing.format, and on the clipboard when the shell has one (Ctrl/Cmd+Shift+C and +A). */
  'citing.copy': Command<{ ids: string[]; kind: CitationKind }, FormattedCitation>;
  /** A bibliography of a selection, a folder or the library in one output; written to `path` when given. */
  'citing.exportBibliography': Command<
    { scope: ExportScope; output: CitationOutput; style?: string; locale?: string; path?: string },
    { text: string; count: number; fileName: string; path?: string }
  >;
  'citing.autoExports': Command<void, AutoExport[]>;
  /** Adds (no id) or changes a live bibliography file; it is written at once. */
  'citing.setAutoExport': Command<{ id?: string; scope: AutoExport['scope']; format: AutoExportFormat; path: string }, AutoExport>;
  'citing.removeAutoExport': Command<{ id: string }, void>;
}

export const CITING_COMMAND_NAMES = [
  'citing.styles', 'citing.setPreferences', 'citing.addStyle', 'citing.format', 'citing.copy', 'citing.exportBibliography',
  'citing.autoExports', 'citing.setAutoExport', 'citing.removeAutoExport',
] as const satisfies readonly (keyof CitingCommands)[];
