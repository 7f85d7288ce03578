// "Export PDF": a copy of the PDF with the annotations written in by the core. On the
// desktop the shell's save dialog asks where; in a browser the copy is downloaded from the
// URL the core answers. The answer says how many went in and what was left out, and why.
import type { AnnotatedPdfExport, ReaderFile } from '../../../shared/bridge/contract.ts';
import type { BridgeClient } from '../../bridge/bridgeClient.ts';
import { BridgeCallError } from '../../bridge/bridgeClient.ts';
import { downloadUrl } from '../../lib/download.ts';

const KIND: Record<string, string> = { highlight: 'Highlight', sticky_note: 'Sticky note', note: 'Note' };

export function annotatedName(fileName: string): string {
  return `${fileName.replace(/\.pdf$/i, '').replace(/[\\/:*?"<>|]+/g, ' ').trim() || 'document'} (annotated).pdf`;
}

/** What to tell the person once the copy is written. */
export function exportSummary(result: AnnotatedPdfExport): string {
  const count = `${result.written} annotation${result.written === 1 ? '' : 's'}`;
  const saved = result.path ? `Saved a copy with ${count} to ${result.path}.` : `Downloaded “${result.fileName}” with ${count}.`;
  if (!result.skipped.length) return saved;
  const reasons = new Map<string, { kind: string; reason: string; n: number }>();
  for (const s of result.skipped) {
    const key = `${s.type}\n${s.reason}`;
    const seen = reasons.get(key);
    if (seen) seen.n++;
    else reasons.set(key, { kind: KIND[s.type] ?? s.type, reason: s.reason, n: 1 });
  }
  const left = [...reasons.values()].map(({ kind, reason, n }) => `${kind}${n > 1 ? ` (${n})` : ''}: ${reason}`).join(' ');
  return `${saved} Left out — ${left}`;
}

/** Answers the summary, or undefined when the person cancelled the save dialog. */
export async function exportAnnotatedPdf(bridge: BridgeClient, documentId: string, file: ReaderFile): Promise<string | undefined> {
  const chosen = await bridge.invoke('app.chooseSavePath', { title: 'Export PDF with annotations', defaultName: annotatedName(file.fileName), extensions: ['pdf'] });
  if (!chosen.ok && chosen.error.code !== 'unsupported') throw new BridgeCallError(chosen.error);
  if (chosen.ok && !chosen.value.path) return undefined;
  const path = chosen.ok ? chosen.value.path : undefined;
  const result = await bridge.call('reader.exportAnnotatedPdf', { documentId, fileId: file.fileId, ...(path ? { path } : {}) });
  if (result.url) downloadUrl(result.url, result.fileName);
  return exportSummary(result);
}
