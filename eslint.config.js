// Lint enforces the architecture's boundaries (docs/ARCHITECTURE.md):
// only the thin Electron shell imports electron; the renderer imports no Node modules;
// the server and shared/ import nothing from the desktop; shared/ stays platform-neutral.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import globals from 'globals';

const nodeBuiltins = ['node:*', 'fs', 'path', 'child_process', 'os', 'crypto', 'http', 'https', 'net', 'stream', 'url', 'worker_threads'];
const electronOnlyInShell = { name: 'electron', message: 'Only electron/main.ts and electron/preload.ts may import electron.' };
const replicaInternals = { group: ['**/replica/*', '!**/replica/index.ts', '!**/replica/testing.ts'], message: 'Import the replica through replica/index.ts; its internals (and its db) stay inside it.' };
const restrict = (patterns) => ({ 'no-restricted-imports': ['error', { paths: [electronOnlyInShell], patterns }] });
// The renderer's import rules, with more for some of its folders (a later rule replaces an earlier one).
const rendererImports = (more) => restrict([
  { group: [...nodeBuiltins, 'better-sqlite3'], message: 'The renderer imports no Node modules.' },
  { group: ['**/server/**', '**/electron/**'], message: 'The renderer imports only shared/ and its own code.' },
  ...more,
]);

export default tseslint.config(
  { ignores: ['node_modules/', '**/dist/', 'release/', 'artifacts/', 'test-results/', '**/*.d.ts', '.ci-reports/'] },
  js.configs.recommended,
  { files: ['**/*.mjs', '**/*.js'], languageOptions: { globals: { ...globals.node } } },
  ...tseslint.configs.recommended,
  {
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'off',
    },
  },
  {
    files: ['**/*.ts', '**/*.tsx', '**/*.mjs', '**/*.js'],
    ignores: ['electron/main.ts', 'electron/preload.ts', 'e2e/**'],
    rules: restrict([]),
  },
  { files: ['renderer/**'], rules: rendererImports([]) },
  {
    // The renderer reaches the core through its areas' stores (renderer/state/, an area's
    // *Store.ts), never the bridge: no other file calls it or takes it from useStores. The
    // bridge transport itself and the entry (main.tsx, App.tsx: they make the stores from
    // the bridge and wire its events into them) are the exceptions.
    files: ['renderer/**'],
    ignores: ['**/*Store.ts', '**/*.test.ts', 'renderer/state/**', 'renderer/bridge/**', 'renderer/main.tsx', 'renderer/App.tsx'],
    rules: {
      ...rendererImports([{ group: ['**/bridge/bridgeClient*'], message: 'The renderer reaches the core through its area\'s store, not the bridge.' }]),
      'no-restricted-syntax': ['error',
        ...[
          "CallExpression[callee.object.name='bridge'][callee.property.name=/^(call|invoke|on)$/]",
          "CallExpression[callee.object.property.name='bridge'][callee.property.name=/^(call|invoke|on)$/]",
          "VariableDeclarator[init.callee.name='useStores'] > ObjectPattern > Property[key.name='bridge']",
          "MemberExpression[object.callee.name='useStores'][property.name='bridge']",
        ].map((selector) => ({ selector, message: 'The renderer reaches the core through its area\'s store (renderer/state/, an area\'s *Store.ts), not the bridge.' })),
      ],
    },
  },
  {
    // The replica's SQLite connection stays inside electron/core/replica/: the rest of the
    // desktop reads and writes through its typed sides (replica/index.ts), tests peek
    // through replica/testing.ts. (The benches open SQLite of their own to measure floors.)
    files: ['electron/**', 'scripts/**', 'bench/**', 'e2e/**'],
    ignores: ['electron/core/replica/**', 'electron/main.ts', 'electron/preload.ts', 'scripts/electronSqlite*.ts', 'scripts/build-electron.ts'],
    rules: restrict([
      { group: ['better-sqlite3'], message: 'Only electron/core/replica/ opens SQLite: use the replica\'s methods.' },
      replicaInternals,
    ]),
  },
  { files: ['bench/**'], rules: restrict([replicaInternals]) },
  {
    // The desktop runs the service embedded through server/embedded.ts alone; its tests may
    // start a test service (server/testing/) and seed it, and call commands through the
    // bridge's dispatch as the window does.
    files: ['electron/**'],
    ignores: ['electron/core/replica/**', 'electron/main.ts', 'electron/preload.ts', '**/*.test.ts', '**/*Testing.ts'],
    rules: restrict([
      { group: ['better-sqlite3'], message: 'Only electron/core/replica/ opens SQLite: use the replica\'s methods.' },
      replicaInternals,
      { group: ['**/server/**', '!**/server/embedded.ts'], message: 'The desktop imports the service only through server/embedded.ts.' },
      // The bridge is transport and dispatch: an area declares its dependencies (commands/
      // holds the handler types, failures and request checks) and createCore wires it.
      { group: ['../bridge/*'], message: 'An area does not import from bridge/: take what it needs from commands/ and declare its deps for createCore (wiring.ts).' },
    ]),
  },
  {
    files: ['server/**'],
    rules: restrict([
      { group: ['**/electron/**', '**/renderer/**'], message: 'The server imports nothing from the desktop.' },
    ]),
  },
  {
    files: ['shared/**'],
    ignores: ['shared/**/*.test.ts', 'shared/node/**'],
    rules: restrict([
      { group: [...nodeBuiltins, 'better-sqlite3'], message: 'shared/ runs anywhere: put Node-only code under shared/node/.' },
      { group: ['**/server/**', '**/electron/**', '**/renderer/**'], message: 'shared/ depends on nothing above it.' },
    ]),
  },
);
