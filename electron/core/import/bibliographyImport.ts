// A .bib or .ris file into the library: every readable entry becomes a document
// (confirmed: false, like any import), unless it looks like a document already there and the
// import asks first (then it is held, see duplicateGate.ts); broken entries are reported with
// their line and the rest of the file goes on.
import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import type { HeldDuplicate, ImportFileOutcome } from '../../../shared/bridge/importCommands.ts';
import { parseBibtex } from '../../../shared/bibtex/parseBibtex.ts';
import { parseRis } from '../../../shared/ris/parseRis.ts';
import type { Replica } from '../replica/index.ts';
import { ADD_ALWAYS, type DuplicateGate } from './duplicateGate.ts';
import type { FileKind } from './fileChecks.ts';
import { targetGroupId, type ImportTarget } from './importTarget.ts';

/** Bibliography files are read whole: far larger than any real one is refused. */
export const MAX_BIBLIOGRAPHY_BYTES = 64 * 1024 * 1024;

export interface BibliographyImportDeps {
  replica: Replica;
  onChanged(ids: string[]): void;
  /** Holds likely duplicates back for the user's decision (absent: every entry is added). */
  gate?: DuplicateGate;
}

/** RIS records start with "TY  - "; anything else with an "@" entry is taken as BibTeX. */
function formatOf(kind: FileKind | undefined, text: string): 'bibtex' | 'ris' {
  if (kind === 'ris' || kind === 'bibtex') return kind;
  return /^\s*TY {2}- /m.test(text) ? 'ris' : 'bibtex';
}

export async function importBibliography(
  deps: BibliographyImportDeps, file: string, options: { kind?: FileKind; displayName?: string } & ImportTarget = {},
): Promise<ImportFileOutcome> {
  const name = options.displayName ?? path.basename(file);
  const info = await stat(file).catch(() => undefined);
  if (!info?.isFile()) return { file: name, status: 'failed', message: 'The file does not exist or cannot be read.' };
  if (info.size > MAX_BIBLIOGRAPHY_BYTES) return { file: name, status: 'failed', message: 'The file is too large for a bibliography (more than 64 MB).' };
  const text = await readFile(file, 'utf8');
  const parsed = formatOf(options.kind, text) === 'ris' ? parseRis(text) : parseBibtex(text);
  const problems = parsed.errors.map((e) => ({ line: e.line, message: e.key ? `${e.key}: ${e.message}` : e.message }));
  const ids: string[] = [];
  const held: HeldDuplicate[] = [];
  const groupId = targetGroupId(deps.replica, options);
  let fileDone = false;
  for (const record of parsed.records) {
    const add = async () => {
      const document = deps.replica.createDocument({ ...record.document, confirmed: false, ...(groupId ? { group_id: groupId } : {}) });
      if (options.folderId) deps.replica.addDocumentToFolder(options.folderId, document.id);
      return document.id;
    };
    try {
      const admitted = await (deps.gate ?? ADD_ALWAYS).admit(record.document, groupId, {
        add: async () => {
          const id = await add();
          // Added later, on the user's word: the UI hears of it then (else with the file's others).
          if (fileDone) deps.onChanged([id]);
          return id;
        },
        discard: async () => {},
      });
      if ('held' in admitted) held.push(admitted.held);
      else ids.push(admitted.documentId);
    } catch (error) {
      problems.push({ line: record.line, message: error instanceof Error ? error.message : String(error) });
    }
  }
  fileDone = true;
  const failures = problems.length;
  // Warnings (an undefined @string, a placeholder title) are listed with the problems, by line.
  for (const w of parsed.warnings ?? []) problems.push({ line: w.line, message: w.key && !w.message.startsWith(w.key) ? `${w.key}: ${w.message}` : w.message });
  problems.sort((a, b) => a.line - b.line);
  if (ids.length) deps.onChanged(ids);
  const count = `${ids.length} ${ids.length === 1 ? 'entry' : 'entries'} imported`;
  if (!ids.length && !problems.length && !held.length) return { file: name, status: 'failed', records: 0, message: 'No BibTeX or RIS entries were found in this file.' };
  const warned = problems.length - failures;
  const notes = [
    ...(failures ? [`${failures} could not be read`] : []),
    ...(warned ? [`${warned} ${warned === 1 ? 'warning' : 'warnings'}`] : []),
  ];
  const heldNote = held.length ? `${held.length} held as ${held.length === 1 ? 'a likely duplicate' : 'likely duplicates'}` : '';
  return {
    file: name,
    // 'held' only when nothing else of the file went in: the panel counts such a file as not in the library yet.
    status: problems.length ? (ids.length || held.length ? 'warning' : 'failed') : held.length && !ids.length ? 'held' : 'imported',
    records: ids.length,
    ...(held.length ? { held } : {}),
    ...(problems.length
      ? { problems, message: `${[count, heldNote].filter(Boolean).join(', ')}; ${notes.join(', ')} (see the lines below).` }
      : { message: `${[count, heldNote].filter(Boolean).join('; ')}.` }),
  };
}
