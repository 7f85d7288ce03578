import { describe, expect, it } from 'vitest';
import { COMPILE_HINT, addCompileHint, compileHints, startupChunks } from './viteCompileHints.ts';

const chunk = (imports: string[], isEntry = false, code = 'x();') => ({ type: 'chunk' as const, isEntry, imports, code, map: { mappings: 'AAAA' } });

describe('compile hints on the startup chunks', () => {
  it('finds the entry and everything it imports statically, not the chunks loaded on demand', () => {
    const bundle = {
      'assets/index.js': chunk(['assets/runtime.js', 'assets/common.js'], true),
      'assets/runtime.js': chunk([]),
      'assets/common.js': chunk(['assets/runtime.js', 'assets/shared.js']),
      'assets/shared.js': chunk([]),
      'assets/ReaderView.js': chunk(['assets/common.js', 'assets/pdf.js']),
      'assets/pdf.js': chunk([]),
      'assets/index.css': { type: 'asset' as const, source: '' },
    };
    expect([...startupChunks(bundle)].sort()).toEqual(['assets/common.js', 'assets/index.js', 'assets/runtime.js', 'assets/shared.js']);
  });

  it('puts the hint on the first line and moves the source map down a line, once', () => {
    const code = chunk([], true, 'const __vite__mapDeps=1;\nrun();');
    const mapFile = { type: 'asset' as const, source: JSON.stringify({ version: 3, mappings: 'AAAA;CACA' }) };
    addCompileHint(code, mapFile);
    addCompileHint(code, mapFile);
    expect(code.code.split('\n')[0]).toBe(COMPILE_HINT);
    expect(code.code.split('\n').slice(1).join('\n')).toBe('const __vite__mapDeps=1;\nrun();');
    expect(code.map.mappings).toBe(';AAAA');
    expect((JSON.parse(mapFile.source as string) as { mappings: string }).mappings).toBe(';AAAA;CACA');
  });

  it('is one of the plugins the renderer is built with', async () => {
    const { default: config } = await import('../vite.config.ts');
    const names = (config.plugins ?? []).flat().map((plugin) => (plugin && typeof plugin === 'object' && 'name' in plugin ? plugin.name : undefined));
    expect(names).toContain(compileHints().name);
  });
});
