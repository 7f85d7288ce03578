import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { replicaFileFor } from '../electron/core/core.ts';
import { openReplica } from '../electron/core/replica/index.ts';
import { parseArgs } from './importPaths.ts';

describe('scripts/importPaths.ts', () => {
  it('reads paths and a data directory, also after --import', () => {
    expect(parseArgs(['--import', 'a.pdf', '--data-dir', '/d', 'folder'])).toEqual({ dataDir: '/d', paths: ['a.pdf', 'folder'] });
  });

  it('imports a folder of PDFs into the replica of the app\'s data directory, and says what it did', () => {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'refshelf-cli-import-'));
    try {
      const run = () => spawnSync(process.execPath, ['--import', 'tsx', 'scripts/importPaths.ts', '--data-dir', dataDir, 'shared/node/pdf/fixtures'], { encoding: 'utf8' });
      const first = run();
      expect(first.status).toBe(0);
      expect(first.stdout).toContain('3 imported, 0 already in the library, 0 not imported; 3 waiting for the catalog lookup');
      const again = run();
      expect(again.stdout).toContain('0 imported, 3 already in the library');
      const replica = openReplica(replicaFileFor(dataDir, null));
      expect(replica.listDocuments({ sort: 'title' }).map((d) => d.title)).toEqual(['Approximating the Cox Model', 'Introduction to actuar', 'Rcpp Extending']);
      replica.close();
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
