// What the citing UI does, in one place: quick copy of the selection (bibliography or
// in-text citation) and a formatted bibliography saved as a file.
import { useMemo } from 'react';
import type { CitationKind, CitationOutput, ExportScope } from '../../shared/bridge/contract.ts';
import { saveText } from '../lib/download.ts';
import { useStores } from '../state/context.tsx';
import { useCitingStore } from './citingStore.ts';
import { putOnClipboard } from './clipboard.ts';

const MEDIA_TYPES: Record<CitationOutput, string> = { html: 'text/html', rtf: 'application/rtf', text: 'text/plain' };

export interface CitingActions {
  /** Ctrl/Cmd+Shift+C (bibliography) and Ctrl/Cmd+Shift+A (in-text citation). */
  copy(ids: string[], kind: CitationKind): Promise<void>;
  exportBibliography(scope: ExportScope, output: CitationOutput): Promise<void>;
}

export function useCitingActions(): CitingActions {
  const { library } = useStores();
  const citing = useCitingStore();
  return useMemo(() => {
    const showError = (error: unknown) => library.getState().showError((error as Error).message);
    return {
      async copy(ids, kind) {
        if (!ids.length) return;
        try {
          await putOnClipboard(await citing.copy({ ids, kind }));
        } catch (error) {
          showError(error);
        }
      },
      async exportBibliography(scope, output) {
        try {
          const result = await citing.exportBibliography({ scope, output });
          saveText(result.text, result.fileName, MEDIA_TYPES[output]);
        } catch (error) {
          showError(error);
        }
      },
    };
  }, [citing, library]);
}
