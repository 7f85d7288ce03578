// Starts the packaged core (dist/electron/core.js from app.asar) under plain Node, as the
// packaged-app test does: process.resourcesPath is set where Electron would set it, the
// working directory is an empty folder, and no TypeScript loader is present. Signs in to the
// embedded service, syncs, adds a document and lists the library, then prints one JSON
// line with what it saw. Usage: node startPackagedCore.mjs <app dir> <resourcesPath> <data dir>
import path from 'node:path';
import { pathToFileURL } from 'node:url';

const [appDir, resourcesPath, dataDir] = process.argv.slice(2);
process.resourcesPath = resourcesPath;
const { createCore } = await import(pathToFileURL(path.join(appDir, 'dist', 'electron', 'core.js')).href);
const core = await createCore({ dataDir, openExternal: () => {}, serviceLogLevel: 'silent', syncIntervalMs: 60_000, appVersion: 'packaged-test' });
try {
  await core.start();
  await core.sync.syncNow();
  await core.handlers['documents.create']({ type: 'journal', title: 'Packaged app test' });
  await core.sync.syncNow();
  const library = await core.handlers['documents.list']({ sort: 'title' });
  const catalog = await core.handlers['catalog.search']({ query: 'the' });
  const licences = await core.handlers['datasets.licences']();
  console.log(JSON.stringify({
    account: core.account.status(),
    titles: library.items.map((item) => item.title),
    catalogResults: catalog.items.length,
    licences: licences.length,
    sqliteModule: (await import('node:module')).createRequire(path.join(appDir, 'package.json')).resolve('better-sqlite3'),
  }));
} finally {
  await core.stop();
}
