// Puts the full text of imported PDFs into the replica's search index, one file at a time
// in the background, after the batch's metadata: a 1,000-page file must not hold up the
// import of the 49 others. Each page read is an await, so the core stays responsive.
import type { Replica } from '../replica/index.ts';
import type { PdfLane } from './pdfLane.ts';

export function createFullTextIndexer(replica: Replica, lane: PdfLane, onError: (error: unknown) => void = () => undefined) {
  const waiting: { currentId: () => string | undefined; file: string }[] = [];
  let running: Promise<void> | undefined;
  let stopped = false;

  async function drain(): Promise<void> {
    for (let next = waiting.shift(); next && !stopped; next = waiting.shift()) {
      try {
        const result = await lane.extract(next.file, { maxPages: 1, fullText: true }, 'fulltext');
        const text = result.ok ? result.fullText?.trim() : undefined;
        const id = next.currentId();
        if (text && id) replica.setDocumentFulltext(id, text);
      } catch (error) {
        onError(error);
      }
    }
  }

  return {
    add(documentId: string, file: string): void {
      waiting.push({ currentId: replica.followDocument(documentId), file });
      running ??= drain().finally(() => {
        running = undefined;
      });
    },
    /** Resolves when everything added so far is indexed. */
    async idle(): Promise<void> {
      while (running) await running;
    },
    async stop(): Promise<void> {
      stopped = true;
      waiting.length = 0;
      await running;
    },
  };
}

export type FullTextIndexer = ReturnType<typeof createFullTextIndexer>;
