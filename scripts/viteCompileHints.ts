// Vite plugin: V8's explicit compile hint on the chunks the window runs before its first rows
// (the entry chunk and the chunks it imports statically). Without it V8 compiles each function
// lazily, on the main thread, the first time it runs, which put 60-140 ms of compiling inside
// the first render of the library window (Chromium traces of that render). With the hint,
// Chromium (136 and later, so every Electron this app supports) compiles those functions on the
// thread that streams the script in, before the page is ready. The chunks fetched on demand
// (the reader, the other views, dialogs) keep lazy compiling: most of their functions may
// never run in a session.
import type { Plugin } from 'vite';

export const COMPILE_HINT = '//# allFunctionsCalledOnLoad';

interface ChunkLike { type: 'chunk'; isEntry: boolean; imports: string[]; code: string; map?: { mappings: string } | null }
interface AssetLike { type: 'asset'; source: string | Uint8Array }

/** The entry chunks and every chunk they reach through static imports. */
export function startupChunks(bundle: Record<string, ChunkLike | AssetLike>): Set<string> {
  const found = new Set<string>();
  const visit = (name: string) => {
    const chunk = bundle[name];
    if (found.has(name) || !chunk || chunk.type !== 'chunk') return;
    found.add(name);
    for (const imported of chunk.imports) visit(imported);
  };
  for (const [name, chunk] of Object.entries(bundle)) if (chunk.type === 'chunk' && chunk.isEntry) visit(name);
  return found;
}

/**
 * The hint as the chunk's first line; its source map moves down one generated line to match,
 * both the chunk's map and the .map file already in the bundle at this stage.
 */
export function addCompileHint(chunk: ChunkLike, mapFile?: AssetLike): void {
  if (chunk.code.startsWith(COMPILE_HINT)) return;
  chunk.code = `${COMPILE_HINT}\n${chunk.code}`;
  if (chunk.map) chunk.map.mappings = `;${chunk.map.mappings}`;
  if (mapFile?.type === 'asset') {
    const map = JSON.parse(typeof mapFile.source === 'string' ? mapFile.source : new TextDecoder().decode(mapFile.source)) as { mappings: string };
    map.mappings = `;${map.mappings}`;
    mapFile.source = JSON.stringify(map);
  }
}

export function compileHints(): Plugin {
  return {
    name: 'refshelf-compile-hints',
    apply: 'build',
    generateBundle: {
      // After Vite's own work at this stage, which puts its preload map above the code.
      order: 'post',
      handler(_options, bundle) {
        const chunks = bundle as unknown as Record<string, ChunkLike | AssetLike>;
        for (const name of startupChunks(chunks)) addCompileHint(chunks[name] as ChunkLike, chunks[`${name}.map`] as AssetLike | undefined);
      },
    },
  };
}
