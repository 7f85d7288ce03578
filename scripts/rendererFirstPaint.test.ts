// What the library window parses before its first rows: renderer/main.tsx and what it
// imports statically (Vite's entry chunk). The other views, the reader, the details pane
// and the dialogs are fetched on demand (lib/onDemand.ts), and so are the heavy packages
// only they use; an eager import of one of them would put it back before the first paint.
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { importGraph, runtimeImports } from './staticImports.ts';

const ENTRY = 'renderer/main.tsx';
const ON_DEMAND = [
  'renderer/views/catalog/CatalogView.tsx',
  'renderer/views/datasets/DatasetsView.tsx',
  'renderer/views/groups/GroupsView.tsx',
  'renderer/views/people/PeopleView.tsx',
  'renderer/views/duplicates/DuplicatesView.tsx',
  'renderer/views/reader/ReaderView.tsx',
  'renderer/views/library/DetailsPane.tsx',
  'renderer/WindowDialogs.tsx',
  'renderer/components/SettingsDialog.tsx',
  'renderer/views/library/NewDocumentDialog.tsx',
];
const ON_DEMAND_PACKAGES = ['pdfjs-dist', 'markdown-it', 'typebox/value'];

describe('the library window before its first rows', () => {
  const eager = importGraph(ENTRY);
  const all = importGraph(ENTRY, { dynamic: true });

  it('does not load the other views, the reader, the details pane or the dialogs', () => {
    expect(ON_DEMAND.filter((file) => eager.files.has(path.resolve(file)))).toEqual([]);
    // Each is still part of the app, behind an import() (not dropped from the build).
    expect(ON_DEMAND.filter((file) => !all.files.has(path.resolve(file)))).toEqual([]);
  });

  it('does not load pdf.js, the Markdown renderer or the schema validator', () => {
    expect(ON_DEMAND_PACKAGES.filter((name) => [...eager.packages].some((p) => p === name || p.startsWith(`${name}/`)))).toEqual([]);
    expect(ON_DEMAND_PACKAGES.filter((name) => ![...all.packages].some((p) => p === name || p.startsWith(`${name}/`)))).toEqual([]);
  });
});

describe('runtime imports of a source file', () => {
  const code = [
    "import type { A } from './types.ts';",
    "import { type B, type C } from './erased.ts';",
    "import { type D, e } from './kept.ts';",
    "import './styles.css';",
    "export { f } from './reexported.ts';",
    "export type { G } from './typeReexport.ts';",
    "const later = () => import('./later.tsx');",
  ].join('\n');

  it('lists what runs, not what is erased or loaded later', () => {
    expect(runtimeImports('x.tsx', code, false)).toEqual(['./kept.ts', './styles.css', './reexported.ts']);
  });

  it('adds the import() calls when asked', () => {
    expect(runtimeImports('x.tsx', code, true)).toEqual(['./kept.ts', './styles.css', './reexported.ts', './later.tsx']);
  });
});
