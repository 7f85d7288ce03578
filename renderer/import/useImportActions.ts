// What the import UI does, in one place: pick files (the shell's dialog on the desktop, an
// <input type=file> in a browser), import dropped files, export to BibTeX or RIS.
import { BIBTEX_MEDIA_TYPE } from '../../shared/bibtex/formatBibtex.ts';
import type { ExportFormat, ExportScope } from '../../shared/bridge/contract.ts';
import { IMPORT_EXTENSIONS } from '../../shared/bridge/importCommands.ts';
import { RIS_MEDIA_TYPE } from '../../shared/ris/formatRis.ts';
import { useLibrary, useStores } from '../state/context.tsx';
import { useImportStore } from './importContext.tsx';
import { useImportCommands } from './importStore.ts';
import { saveText } from '../lib/download.ts';

const MEDIA_TYPES: Record<ExportFormat, string> = { bibtex: BIBTEX_MEDIA_TYPE, ris: RIS_MEDIA_TYPE };

/** The folder shown, so imports land where the user is looking. */
function useTargetFolder(): string | undefined {
  const collection = useLibrary((s) => s.collection);
  return collection.kind === 'folder' ? collection.id : undefined;
}

/** The group's library shown: files dropped there become the group's documents. */
function useTargetGroup(): string | undefined {
  const collection = useLibrary((s) => s.collection);
  return collection.kind === 'group' ? collection.id : undefined;
}

export function useImportActions() {
  const { library } = useStores();
  const commands = useImportCommands();
  const store = useImportStore();
  const folderId = useTargetFolder();
  const groupId = useTargetGroup();
  const desktop = typeof window.refshelf?.pathForFile === 'function';
  const showError = (error: unknown) => library.getState().showError((error as Error).message);

  return {
    desktop,
    /** Files dropped on the window: real paths on the desktop, staged bytes in a browser. */
    importDropped(files: File[]): void {
      if (!files.length) return;
      const paths = desktop ? files.map((f) => window.refshelf!.pathForFile(f)).filter(Boolean) : [];
      if (desktop && paths.length === files.length) void store.getState().importPaths(paths, folderId, groupId);
      else void store.getState().importFiles(files, folderId, groupId);
    },
    /** "Import…": the shell's dialog, or (browser mode) the given file input. */
    async chooseAndImport(input: HTMLInputElement | null): Promise<void> {
      if (!desktop) {
        input?.click();
        return;
      }
      const chosen = await commands.chooseFiles({ title: 'Import PDFs, BibTeX or RIS', extensions: [...IMPORT_EXTENSIONS] });
      if (!chosen.ok) {
        if (chosen.error.code === 'unsupported') input?.click();
        else if (chosen.error.code !== 'cancelled') showError(chosen.error);
        return;
      }
      if (chosen.value.paths.length) void store.getState().importPaths(chosen.value.paths, folderId, groupId);
    },
    importChosen(files: FileList | null): void {
      if (files?.length) void store.getState().importFiles([...files], folderId, groupId);
    },
    async exportTo(format: ExportFormat, scope: ExportScope): Promise<void> {
      try {
        const result = await commands.exportBibliography({ format, scope });
        saveText(result.text, result.fileName, MEDIA_TYPES[format]);
      } catch (error) {
        showError(error);
      }
    },
    folderId,
  };
}
