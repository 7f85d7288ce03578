// The seams of docs/ARCHITECTURE.md are lint rules (eslint.config.js). Each case lints a
// line as if it were in a file of the project: the same line must be refused where the
// seam forbids it and accepted where it belongs, so a rule that is dropped or widened fails.
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const eslint = new ESLint({ cwd: process.cwd() });

async function problems(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return result!.messages.map((m) => m.message);
}

interface Seam {
  name: string;
  code: string;
  refusedIn: string;
  acceptedIn: string;
  says: RegExp;
}

const SEAMS: Seam[] = [
  {
    name: 'only the replica opens SQLite',
    code: "import Database from 'better-sqlite3';\nexport const open = (path: string) => new Database(path);\n",
    refusedIn: 'electron/core/sync/openDirect.ts',
    acceptedIn: 'electron/core/replica/openDirect.ts',
    says: /Only electron\/core\/replica\/ opens SQLite/,
  },
  {
    name: 'the replica\'s internals (and its db) stay inside it',
    code: "import { openDatabase } from '../replica/database.ts';\nexport const open = openDatabase;\n",
    refusedIn: 'electron/core/library/direct.ts',
    acceptedIn: 'electron/core/replica/direct.ts',
    says: /Import the replica through replica\/index\.ts/,
  },
  {
    name: 'no area imports from bridge/',
    code: "import type { HandlerDeps } from '../bridge/handlers.ts';\nexport type Deps = HandlerDeps;\n",
    refusedIn: 'electron/core/catalog/deps.ts',
    acceptedIn: 'electron/core/catalog/deps.test.ts', // a test may call through the bridge's dispatch
    says: /An area does not import from bridge\//,
  },
  {
    name: 'the desktop imports the service only through server/embedded.ts',
    code: "import { buildApp } from '../../../server/app.ts';\nexport const build = buildApp;\n",
    refusedIn: 'electron/core/account/service.ts',
    acceptedIn: 'server/tools/service.ts',
    says: /only through server\/embedded\.ts/,
  },
  {
    name: 'a view calls the core through its store, not the bridge',
    code: "import { useStores } from '../../state/context.tsx';\nexport function useList() {\n  const { bridge } = useStores();\n  return () => bridge.call('groups.list');\n}\n",
    refusedIn: 'renderer/views/groups/GroupsList.tsx',
    acceptedIn: 'renderer/views/groups/groupsListStore.ts',
    says: /reaches the core through its area's store/,
  },
  {
    name: 'a component calls the core through its store, not the bridge',
    code: "import { useStores } from '../state/context.tsx';\nexport function useSync() {\n  return () => useStores().bridge.invoke('sync.syncNow');\n}\n",
    refusedIn: 'renderer/components/SyncButton.tsx',
    acceptedIn: 'renderer/state/syncStore.ts',
    says: /reaches the core through its area's store/,
  },
  {
    name: 'the citing UI calls the core through its store, not the bridge',
    code: "import { useStores } from '../state/context.tsx';\nexport function useCopy() {\n  const { bridge } = useStores();\n  return (ids: string[]) => bridge.call('citing.copy', { ids, kind: 'bibliography' });\n}\n",
    refusedIn: 'renderer/citing/useCitingActions.ts',
    acceptedIn: 'renderer/citing/citingStore.ts',
    says: /reaches the core through its area's store/,
  },
];

describe('the seams are lint rules', () => {
  for (const seam of SEAMS) {
    it(seam.name, async () => {
      const refused = await problems(seam.refusedIn, seam.code);
      expect(refused.some((m) => seam.says.test(m)), refused.join('\n')).toBe(true);
      expect(await problems(seam.acceptedIn, seam.code)).toEqual([]);
    });
  }

  it('no renderer file but the stores, the bridge transport and the entry is let off the store rule', async () => {
    const entry = ['renderer/main.tsx', 'renderer/App.tsx'];
    const files = readdirSync('renderer', { recursive: true, encoding: 'utf8' }).map((f) => join('renderer', f))
      .filter((f) => /\.tsx?$/.test(f) && !/(Store|\.test)\.ts$/.test(f) && !f.endsWith('.d.ts'))
      .filter((f) => !/^renderer\/(state|bridge)\//.test(f) && !entry.includes(f));
    expect(files.length).toBeGreaterThan(80);
    const exempt: string[] = [];
    for (const file of files) {
      const config = await eslint.calculateConfigForFile(file) as { rules?: Record<string, unknown> };
      if (!JSON.stringify(config.rules?.['no-restricted-syntax'] ?? '').includes('useStores')) exempt.push(file);
    }
    expect(exempt).toEqual([]);
  });
});
