// The citing area's bridge commands: each request checked field by field, then formatted
// by citeproc-js (citationFormatter.ts) from the replica's documents.
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type {
  AutoExportFormat, CitationKind, CitationOutput, CitingCommands, CitingPreferences, ExportScope, FormattedCitation, LibraryDocument,
} from '../../../shared/bridge/contract.ts';
import { documentToCsl } from '../../../shared/csl/documentToCsl.ts';
import type { HandlersOf } from '../commands/handlerTypes.ts';
import { BridgeFailure } from '../commands/failure.ts';
import { objectOf, requiredObject, stringField, stringList } from '../commands/requestChecks.ts';
import { exportScope } from '../import/importHandlers.ts';
import type { AutoExporter } from './autoExporter.ts';
import type { CitationFormatter, FormatOptions } from './citationFormatter.ts';
import type { CitingPreferencesStore } from './citingPreferences.ts';
import { keyPatternProblem } from './citationKeys.ts';
import { StyleProblem } from './styleInfo.ts';
import type { StyleLibrary } from './styleLibrary.ts';

export interface CitingDeps {
  styles: StyleLibrary;
  formatter: CitationFormatter;
  preferences: CitingPreferencesStore;
  /** The documents of a selection, folder or library (bibliographyExport.ts's documentsInScope). */
  documentsIn(scope: ExportScope): LibraryDocument[];
  /** A name for a scope's file (the folder's name, "library", "selection"). */
  scopeName(scope: ExportScope): string;
  /** The shell's clipboard (Electron's, several formats at once); absent in browser mode. */
  writeClipboard?: (content: { text: string; html: string; rtf: string }) => void;
  autoExporter: AutoExporter;
}

const KINDS: readonly CitationKind[] = ['bibliography', 'citation'];
const OUTPUTS: readonly CitationOutput[] = ['html', 'text', 'rtf'];
const AUTO_FORMATS: readonly AutoExportFormat[] = ['bibtex', 'biblatex', 'csljson'];
const EXTENSIONS: Record<CitationOutput, string> = { html: 'html', text: 'txt', rtf: 'rtf' };
const MAX_STYLE_BYTES = 2 * 1024 * 1024;

function optionalString(body: Record<string, unknown>, field: string): string | undefined {
  return body[field] === undefined ? undefined : stringField(body, field);
}

function oneOf<T extends string>(body: Record<string, unknown>, field: string, allowed: readonly T[]): T {
  const value = body[field] as T;
  if (!allowed.includes(value)) throw new BridgeFailure('invalid', `${field} must be one of ${allowed.join(', ')}`, field);
  return value;
}

/** Style problems are the user's input to fix: they cross as 'invalid' with their sentence. */
function asBridgeFailure<T>(run: () => T): T {
  try {
    return run();
  } catch (error) {
    if (error instanceof StyleProblem) throw new BridgeFailure('invalid', error.message);
    throw error;
  }
}

export function citingHandlers(deps: CitingDeps): HandlersOf<CitingCommands> {
  const { styles, formatter, preferences } = deps;

  const optionsFor = (body: Record<string, unknown>, output: CitationOutput): FormatOptions => {
    const chosen = preferences.get().preferences;
    const style = optionalString(body, 'style') ?? chosen.style;
    const locale = optionalString(body, 'locale') ?? chosen.locale;
    if (!styles.has(style)) throw new BridgeFailure('invalid', `The citation style "${style}" is not installed.`, 'style');
    if (!styles.locales().includes(locale)) throw new BridgeFailure('invalid', `The locale "${locale}" is not available.`, 'locale');
    return { style, locale, output };
  };

  const formatted = (request: unknown, what: string): Omit<FormattedCitation, 'copied'> => {
    const body = requiredObject(request, what);
    const ids = stringList(body, 'ids');
    if (!ids.length) throw new BridgeFailure('invalid', 'Select at least one document to cite', 'ids');
    const kind = oneOf(body, 'kind', KINDS);
    const items = deps.documentsIn({ ids }).map(documentToCsl);
    const { style, locale } = optionsFor(body, 'html');
    return asBridgeFailure(() => formatter.allOutputs(kind, items, { style, locale }));
  };

  return {
    'citing.styles': () => ({
      styles: styles.styles().map(({ id, title, kind, bundled }) => ({ id, title, kind, bundled })),
      locales: styles.locales(),
      preferences: preferences.get().preferences,
    }),
    'citing.setPreferences': (request) => {
      const body = requiredObject(request, 'citing.setPreferences');
      const next: CitingPreferences = { ...preferences.get().preferences };
      for (const [key, value] of Object.entries(body)) {
        if (key === 'style') {
          if (typeof value !== 'string' || !styles.has(value)) throw new BridgeFailure('invalid', 'Choose one of the installed citation styles', key);
          next.style = value;
        } else if (key === 'locale') {
          if (typeof value !== 'string' || !styles.locales().includes(value)) throw new BridgeFailure('invalid', 'Choose one of the available locales', key);
          next.locale = value;
        } else if (key === 'keyPattern') {
          const problem = typeof value === 'string' ? keyPatternProblem(value) : 'The key pattern must be text';
          if (problem) throw new BridgeFailure('invalid', problem, key);
          next.keyPattern = (value as string).trim();
        } else {
          throw new BridgeFailure('invalid', `Unknown citing preference ${key.slice(0, 60)}`, key);
        }
      }
      const saved = preferences.update((state) => ({ ...state, preferences: next })).preferences;
      if (body.keyPattern !== undefined) deps.autoExporter.refreshAll();
      return saved;
    },
    'citing.addStyle': async (request) => {
      const body = requiredObject(request, 'citing.addStyle');
      let fileName: string;
      let xml: string;
      if (body.path !== undefined) {
        const file = stringField(body, 'path');
        if (!/\.csl$/i.test(file)) throw new BridgeFailure('invalid', 'Choose a .csl citation style file', 'path');
        fileName = path.basename(file);
        try {
          xml = await readFile(file, 'utf8');
        } catch {
          throw new BridgeFailure('invalid', `The file ${fileName} could not be read`, 'path');
        }
      } else {
        fileName = stringField(body, 'fileName');
        xml = stringField(body, 'xml');
      }
      if (xml.length > MAX_STYLE_BYTES) throw new BridgeFailure('invalid', 'This file is too large to be a citation style');
      const entry = asBridgeFailure(() => styles.addStyle(fileName, xml.replace(/^\uFEFF/, ''), formatter.checkStyle));
      return { id: entry.id, title: entry.title, kind: entry.kind, bundled: entry.bundled };
    },
    'citing.format': (request) => ({ ...formatted(request, 'citing.format'), copied: false }),
    'citing.copy': (request) => {
      const content = formatted(request, 'citing.copy');
      if (!deps.writeClipboard) return { ...content, copied: false };
      deps.writeClipboard(content);
      return { ...content, copied: true };
    },
    'citing.exportBibliography': async (request) => {
      const body = requiredObject(request, 'citing.exportBibliography');
      const scope = exportScope(body.scope);
      const output = oneOf(body, 'output', OUTPUTS);
      const options = optionsFor(body, output);
      const documents = deps.documentsIn(scope);
      const text = asBridgeFailure(() => formatter.bibliography(documents.map(documentToCsl), options).text);
      const target = optionalString(body, 'path');
      if (target) await writeFile(target, text, 'utf8');
      const safe = deps.scopeName(scope).replace(/[^\p{L}\p{N} _-]+/gu, '').trim() || 'bibliography';
      return { text, count: documents.length, fileName: `${safe}.${EXTENSIONS[output]}`, ...(target ? { path: target } : {}) };
    },
    'citing.autoExports': () => deps.autoExporter.list(),
    'citing.setAutoExport': (request) => {
      const body = requiredObject(request, 'citing.setAutoExport');
      const scope = exportScope(body.scope);
      if ('ids' in scope) throw new BridgeFailure('invalid', 'A live bibliography file follows a folder or the whole library', 'scope');
      const target = stringField(body, 'path');
      if (!path.isAbsolute(target)) throw new BridgeFailure('invalid', 'Choose where the file is kept (a full path)', 'path');
      return deps.autoExporter.set({ id: optionalString(body, 'id'), scope, format: oneOf(body, 'format', AUTO_FORMATS), path: target });
    },
    'citing.removeAutoExport': (request) => {
      deps.autoExporter.remove(stringField(objectOf(request, 'citing.removeAutoExport'), 'id'));
    },
  };
}
