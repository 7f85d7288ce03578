// "Export PDF" (readerStore.ts asks the core for the copy): the copy's file name, and what
// to tell the person: how many annotations went in and what was left out, and why.
import type { AnnotatedPdfExport } from '../../../shared/bridge/contract.ts';

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
