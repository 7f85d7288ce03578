// Builds the renderer (renderer/index.html and what it imports) into dist/renderer, which
// the Electron shell loads and browser mode serves. Relative asset paths work in both.
// pdfjsAssets adds pdf.js's cMaps, fonts and wasm (and the CSP meta tag to a build);
// compileHints marks the chunks the first window runs for eager compiling.
import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import { compileHints } from './scripts/viteCompileHints.ts';
import { pdfjsAssets } from './scripts/vitePdfjsAssets.ts';

const here = fileURLToPath(new URL('.', import.meta.url));

export default defineConfig({
  root: `${here}renderer`,
  base: './',
  plugins: [react(), pdfjsAssets(), compileHints()],
  build: {
    outDir: `${here}dist/renderer`,
    emptyOutDir: true,
    target: 'es2022',
    sourcemap: true,
    chunkSizeWarningLimit: 1500,
    rollupOptions: {
      // Radix marks its modules "use client" (a React Server Components hint); meaningless in an SPA.
      onwarn(warning, warn) {
        if (warning.code === 'MODULE_LEVEL_DIRECTIVE') return;
        warn(warning);
      },
    },
  },
  server: { strictPort: false },
});
