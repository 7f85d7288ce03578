// `node --import tsx scripts/importPaths.ts <files or folders...>`: imports PDFs (folders
// recursively), .bib and .ris into the app's library from the command line. It writes the
// replica and file store the app uses (same data directory) and starts no service: the
// catalog lookups wait in the queue and the app runs them, and syncs, when it next starts.
// `--data-dir <dir>` picks another data directory (default: the app's, appDataDir()).
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createLibraryApi } from '../shared/client/libraryApi.ts';
import { appDataDir } from '../shared/node/appDataDir.ts';
import { replicaFileFor } from '../electron/core/core.ts';
import { createFileStore } from '../electron/core/files/fileStore.ts';
import { createImporter } from '../electron/core/import/importer.ts';
import { openReplica } from '../electron/core/replica/index.ts';
import { createSettingsStore } from '../electron/core/settings/settings.ts';
import { createStagingArea } from '../electron/core/files/stagingArea.ts';

export function parseArgs(argv: readonly string[]): { dataDir?: string; paths: string[] } {
  const paths: string[] = [];
  let dataDir: string | undefined;
  for (let i = 0; i < argv.length; i++) {
    if (argv[i] === '--data-dir') dataDir = argv[++i];
    else if (argv[i] === '--import') continue; // `npm start -- --import ...` style
    else paths.push(argv[i]!);
  }
  return { ...(dataDir ? { dataDir } : {}), paths };
}

async function main(): Promise<number> {
  const { dataDir = appDataDir(), paths } = parseArgs(process.argv.slice(2));
  if (!paths.length) {
    console.error('Usage: node --import tsx scripts/importPaths.ts [--data-dir <dir>] <files or folders...>');
    return 2;
  }
  const settings = createSettingsStore(path.join(dataDir, 'settings.json')).get();
  const replica = openReplica(replicaFileFor(dataDir, settings.serviceUrl));
  const importer = createImporter({
    replica,
    fileStore: createFileStore(path.join(dataDir, 'files')),
    // Never called: lookups are left to the app (canLookup is false).
    api: createLibraryApi({ baseUrl: settings.serviceUrl ?? 'http://127.0.0.1:9', getAccessToken: async () => undefined }),
    staging: createStagingArea(path.join(dataDir, 'staging')),
    onChanged: () => undefined,
    onProgress: (p) => {
      if (p.status) console.log(`${p.status.padEnd(9)} ${p.file}${p.message ? `: ${p.message}` : ''}`);
    },
    canLookup: () => false,
  });
  try {
    const report = await importer.importPaths(paths.map((p) => path.resolve(p)));
    for (const f of report.files) for (const problem of f.problems ?? []) console.log(`          ${f.file} line ${problem.line}: ${problem.message}`);
    const count = (status: string) => report.files.filter((f) => f.status === status).length;
    console.log(`${count('imported') + count('warning')} imported, ${count('duplicate')} already in the library, ${count('failed')} not imported; ${report.pendingLookups} waiting for the catalog lookup (the app runs it).`);
    return count('failed') ? 1 : 0;
  } finally {
    await importer.stop();
    replica.close();
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  main().then((code) => process.exit(code), (error: unknown) => {
    console.error('[refshelf] import failed:', error);
    process.exit(1);
  });
}
