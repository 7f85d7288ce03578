// Starts the packaged core (dist/electron/core.js from app.asar) under plain Node, as the
// packaged-app test does: process.resourcesPath is set where Electron would set it, the
// working directory is an empty folder, and no TypeScript loader is present. Signs in to the
// embedded service, syncs, adds a document, imports a PDF (read by the packaged extraction
// thread, with pdf.js's data files from the packaged pdfjs-dist) and lists the library, then
// prints one JSON line with what it saw.
// Usage: node startPackagedCore.mjs <app dir> <resourcesPath> <data dir> <pdf to import>
import path from 'node:path';
import { pathToFileURL } from 'node:url';

const [appDir, resourcesPath, dataDir, pdfPath] = process.argv.slice(2);
process.resourcesPath = resourcesPath;
const { createCore } = await import(pathToFileURL(path.join(appDir, 'dist', 'electron', 'core.js')).href);
const core = await createCore({ dataDir, openExternal: () => {}, serviceLogLevel: 'silent', syncIntervalMs: 60_000, appVersion: 'packaged-test' });
try {
  await core.start();
  await core.sync.syncNow();
  await core.handlers['documents.create']({ type: 'journal', title: 'Packaged app test' });
  const imported = await core.handlers['import.paths']({ paths: [pdfPath], duplicates: 'add' });
  await core.sync.syncNow();
  const library = await core.handlers['documents.list']({ sort: 'title' });
  const catalog = await core.handlers['catalog.search']({ query: 'the' });
  const licences = await core.handlers['datasets.licences']();
  console.log(JSON.stringify({
    account: core.account.status(),
    titles: library.items.map((item) => item.title),
    importStatus: imported.files.map((file) => file.status),
    importMessages: imported.files.map((file) => file.message),
    catalogResults: catalog.items.length,
    licences: licences.length,
    sqliteModule: (await import('node:module')).createRequire(path.join(appDir, 'package.json')).resolve('better-sqlite3'),
  }));
} finally {
  await core.stop();
}
