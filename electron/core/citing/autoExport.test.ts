// Live bibliography files over a real replica: written at once, rewritten after edits,
// deletions and folder changes within seconds, never seen half-written, keys stable.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { AutoExport } from '../../../shared/bridge/contract.ts';
import { parseBibtex } from '../../../shared/bibtex/parseBibtex.ts';
import { createEventHub } from '../commands/eventHub.ts';
import { tempReplica } from '../replica/testing.ts';
import { createCitingArea } from './citingArea.ts';
import { REFERENCE_DOCUMENTS } from './fixtures/referenceDocuments.ts';

const bundledDir = path.resolve(import.meta.dirname, '../../../resources/csl');
let cleanup: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const step of cleanup.reverse()) await step();
  cleanup = [];
});

function setup(debounceMs = 20) {
  const temp = tempReplica();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'refshelf-autoexport-'));
  const events = createEventHub();
  const edits: string[][] = [];
  // No warm-up: five seconds in, it would format references on this thread in the middle of a
  // long test (tens of seconds of citeproc at load 20), and it is tested in citingArea.test.ts.
  const area = createCitingArea({
    dataDir, replica: temp.replica, events, bundledDir, autoExportDebounceMs: debounceMs, warmUpAfterMs: null,
    onLocalEdit: (ids) => {
      edits.push(ids);
      events.emit('library.changed', { kinds: ['document'], ids });
    },
  });
  cleanup.push(async () => {
    await area.stop();
    temp.dispose();
    rmSync(dataDir, { recursive: true, force: true });
  });
  const replica = temp.replica;
  const ids = new Map(REFERENCE_DOCUMENTS.slice(0, 5).map(({ id, ...fields }) => [id, replica.createDocument(fields).id]));
  /** A local edit as the bridge makes it: the replica write, then the event. */
  const edited = (...changed: string[]) => events.emit('library.changed', { kinds: ['document'], ids: changed });
  const nextWrite = () => new Promise<AutoExport>((resolve) => {
    const off = area.autoExporter.onWritten((status) => {
      off();
      resolve(status);
    });
  });
  return { replica, dataDir, area, ids, edited, edits, nextWrite, events };
}

const keysOf = (bib: string) => parseBibtex(bib).records.map((r) => [r.key, r.document.title]);

describe('live bibliography files', () => {
  it('writes the library at once with keys from the pattern, stored in the documents', async () => {
    const { area, dataDir, replica, ids, edits } = setup();
    const file = path.join(dataDir, 'library.bib');
    const status = await area.autoExporter.set({ scope: { library: true }, format: 'bibtex', path: file });
    expect(status).toMatchObject({ entries: 5, path: file });
    expect(status.error).toBeUndefined();
    expect(keysOf(readFileSync(file, 'utf8')).map(([key]) => key).sort()).toEqual(['King1963', 'Knuth1984', 'Lamport1994', 'Vaswani2017', 'Watson1953']);
    expect(replica.getDocument(ids.get('knuth1984')!)!.citation_key).toBe('Knuth1984');
    expect(edits.flat().sort()).toEqual([...ids.values()].sort());
  });

  it('is idle once stopped, though a rewrite was still due', async () => {
    const { area, dataDir, ids, edited } = setup(3_600_000);
    await area.autoExporter.set({ scope: { library: true }, format: 'bibtex', path: path.join(dataDir, 'library.bib') });
    edited(ids.get('knuth1984')!);
    const idle = area.autoExporter.whenIdle();
    await area.autoExporter.stop();
    await idle;
  });

  it('is idle after a due rewrite that found no file left to write', async () => {
    const { area, dataDir, ids, edited } = setup();
    const file = await area.autoExporter.set({ scope: { library: true }, format: 'bibtex', path: path.join(dataDir, 'library.bib') });
    edited(ids.get('knuth1984')!);
    area.autoExporter.remove(file.id);
    await area.autoExporter.whenIdle();
    expect(area.autoExporter.list()).toEqual([]);
  });

  it('follows edits and deletions within 5 s (default debounce), keeping keys stable', async () => {
    const { area, dataDir, replica, ids, edited, nextWrite } = setup(1000);
    const file = path.join(dataDir, 'library.bib');
    await area.autoExporter.set({ scope: { library: true }, format: 'biblatex', path: file });
    await area.autoExporter.whenIdle();

    const knuth = ids.get('knuth1984')!;
    const started = performance.now();
    replica.updateDocument(knuth, { title: 'Literate programming, revised', year: 1992 });
    const written = nextWrite();
    edited(knuth);
    await written;
    expect(performance.now() - started).toBeLessThan(5000);
    const after = readFileSync(file, 'utf8');
    expect(after).toContain('@article{Knuth1984,');
    expect(after).toContain('title = {{Literate programming, revised}}');
    expect(after).toContain('date = {1992}');

    replica.trashDocument(ids.get('watson1953')!);
    const removed = nextWrite();
    edited(ids.get('watson1953')!);
    expect(await removed).toMatchObject({ entries: 4 });
    expect(readFileSync(file, 'utf8')).not.toContain('Watson');
  });

  it('follows a folder: documents added and removed, and the folder deleted', async () => {
    const { area, dataDir, replica, ids, events, nextWrite } = setup();
    const folder = replica.createFolder({ name: 'Thesis' });
    replica.addDocumentToFolder(folder.id, ids.get('king1963')!);
    const file = path.join(dataDir, 'thesis.json');
    await area.autoExporter.set({ scope: { folderId: folder.id }, format: 'csljson', path: file });
    await area.autoExporter.whenIdle();
    expect(JSON.parse(readFileSync(file, 'utf8')).map((item: { id: string }) => item.id)).toEqual(['King1963']);

    replica.addDocumentToFolder(folder.id, ids.get('lamport1994')!);
    let written = nextWrite();
    events.emit('library.changed', { kinds: ['folder'], ids: [folder.id] });
    await written;
    expect(JSON.parse(readFileSync(file, 'utf8')).map((item: { id: string; title: string }) => item.id).sort()).toEqual(['King1963', 'Lamport1994']);

    replica.deleteFolder(folder.id);
    written = nextWrite();
    events.emit('library.changed', { kinds: ['folder'], ids: [folder.id] });
    expect((await written).error).toBe('The folder this file follows was deleted');
    // The last good file stays as it was.
    expect(JSON.parse(readFileSync(file, 'utf8'))).toHaveLength(2);
  });

  it('is never seen half-written while it is rewritten', async () => {
    const { area, dataDir, replica, edited } = setup(0);
    // Enough entries that a rewrite spans many reads (the file is about 200 KB); more only slows
    // the test, as each round formats the whole file while the reader competes for the thread.
    const many = Array.from({ length: 300 }, (_, i) => replica.createDocument({ title: `Paper number ${i} on a topic`, type: 'journal', year: 2000 + (i % 20), authors: [{ last_name: `Author${i}`, first_name: 'A.' }], abstract: 'x'.repeat(400) }).id);
    const file = path.join(dataDir, 'big.bib');
    await area.autoExporter.set({ scope: { library: true }, format: 'bibtex', path: file });
    await area.autoExporter.whenIdle();
    let reading = true;
    let reads = 0;
    const reader = (async () => {
      while (reading) {
        const text = await readFile(file, 'utf8');
        reads++;
        expect(text.endsWith('}\n')).toBe(true);
        expect(text.match(/^@/gm)).toHaveLength(305);
      }
    })();
    for (let round = 0; round < 8; round++) {
      replica.updateDocument(many[round]!, { title: `Edited title ${round}` });
      const written = new Promise<void>((resolve) => {
        const off = area.autoExporter.onWritten(() => {
          off();
          resolve();
        });
      });
      edited(many[round]!);
      await written;
    }
    reading = false;
    await reader;
    expect(reads).toBeGreaterThan(1);
    expect(readFileSync(file, 'utf8')).toContain('Edited title 7');
  });

  it('keeps made keys when the key parts change, and makes new ones unique', async () => {
    const { area, dataDir, replica, ids, edited, nextWrite } = setup();
    const file = path.join(dataDir, 'library.bib');
    await area.autoExporter.set({ scope: { library: true }, format: 'bibtex', path: file });
    await area.autoExporter.whenIdle();
    const knuth = ids.get('knuth1984')!;
    replica.updateDocument(knuth, { authors: [{ last_name: 'Other', first_name: 'A.' }], year: 2001 });
    const twin = replica.createDocument({ title: 'Another', type: 'journal', year: 1984, authors: [{ last_name: 'Knuth', first_name: 'D.' }] }).id;
    const written = nextWrite();
    edited(knuth, twin);
    await written;
    await area.autoExporter.whenIdle();
    expect(replica.getDocument(knuth)!.citation_key).toBe('Knuth1984');
    expect(replica.getDocument(twin)!.citation_key).toBe('Knuth1984a');
    expect(keysOf(readFileSync(file, 'utf8')).map(([key]) => key)).toContain('Knuth1984a');
  });
});
