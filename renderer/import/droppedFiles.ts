// The files of a drop in browser mode, folders included: a dropped folder arrives as an
// entry to walk (FileSystemDirectoryEntry), not as bytes. Entries must be taken during the
// drop event itself; reading them may finish later. Folders bring in what the core would
// take from a folder: PDFs, .bib and .ris (hidden files skipped).
import { importKindOfName } from '../../shared/bridge/importCommands.ts';

export function entriesOf(transfer: DataTransfer): FileSystemEntry[] {
  return [...transfer.items].map((item) => (item.kind === 'file' ? item.webkitGetAsEntry() : null)).filter((e): e is FileSystemEntry => e !== null);
}

const fileOf = (entry: FileSystemFileEntry) => new Promise<File>((resolve, reject) => entry.file(resolve, reject));

async function childrenOf(dir: FileSystemDirectoryEntry): Promise<FileSystemEntry[]> {
  const reader = dir.createReader();
  const all: FileSystemEntry[] = [];
  // readEntries answers in batches until an empty one.
  for (;;) {
    const batch = await new Promise<FileSystemEntry[]>((resolve, reject) => reader.readEntries(resolve, reject));
    if (!batch.length) return all;
    all.push(...batch);
  }
}

/** Files as dropped, and the wanted files inside dropped folders (recursively). */
export async function filesOfEntries(entries: readonly FileSystemEntry[], inFolder = false): Promise<File[]> {
  const files: File[] = [];
  for (const entry of entries) {
    if (inFolder && entry.name.startsWith('.')) continue;
    if (entry.isDirectory) files.push(...(await filesOfEntries(await childrenOf(entry as FileSystemDirectoryEntry), true)));
    else if (!inFolder || importKindOfName(entry.name) !== undefined) files.push(await fileOf(entry as FileSystemFileEntry));
  }
  return files;
}
