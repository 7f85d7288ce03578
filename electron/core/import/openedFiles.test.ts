import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOpenedFilesInbox, openedFilesIn } from './openedFiles.ts';

let dir: string;
beforeAll(() => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'refshelf-opened-'));
  for (const name of ['paper.pdf', 'refs.bib', 'more.bibtex', 'Refs.RIS', 'notes.txt']) writeFileSync(path.join(dir, name), 'x');
  mkdirSync(path.join(dir, 'folder.pdf'));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('files opened with RefShelf', () => {
  it('are the existing files an import takes (PDF, .bib, .bibtex, .ris) among the arguments, relative ones from the launch folder', () => {
    const argv = ['/opt/RefShelf/refshelf', '--no-sandbox', '.', 'paper.pdf', path.join(dir, 'refs.bib'), 'more.bibtex', 'Refs.RIS', 'notes.txt', 'missing.pdf', 'folder.pdf', 'refshelf://signin?code=1', 'paper.pdf'];
    expect(openedFilesIn(argv, dir)).toEqual([path.join(dir, 'paper.pdf'), path.join(dir, 'refs.bib'), path.join(dir, 'more.bibtex'), path.join(dir, 'Refs.RIS')]);
  });

  it('wait until the core can import them, then go straight to it', () => {
    const inbox = createOpenedFilesInbox();
    const imported: string[][] = [];
    inbox.add(['/a.pdf']);
    inbox.add(['/b.bib', '/a.pdf']);
    expect(imported).toEqual([]);
    inbox.open((files) => imported.push(files));
    inbox.add(['/c.ris']);
    inbox.add([]);
    expect(imported).toEqual([['/a.pdf', '/b.bib'], ['/c.ris']]);
  });
});
