// Vite plugin: pdf.js's data files (CJK cMaps, standard fonts, the JPEG 2000 / JBIG2 wasm
// decoders, ICC profiles) under pdfjs/ beside the renderer, so every mode (the Vite dev
// server, browser mode, the packaged app's app:// protocol) serves them from the app
// itself. The renderer points pdf.js at them (renderer/views/reader/pdfJsRuntime.ts).
// A build also gets the Content-Security-Policy as a meta tag, beside the header every mode
// sends; not in dev, where Vite's React refresh needs an inline script.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import type { Plugin } from 'vite';
import { contentSecurityPolicyMeta } from '../electron/core/bridge/contentSecurityPolicy.ts';
import { pdfjsPackageDir } from '../shared/node/pdfjsPackage.ts';

export const PDFJS_ASSET_FOLDERS = ['cmaps', 'standard_fonts', 'wasm', 'iccs'] as const;
const PREFIX = 'pdfjs';

/** Each asset as [path under the renderer, file on disk]. */
export function pdfjsAssetFiles(root: string = pdfjsPackageDir()): [string, string][] {
  return PDFJS_ASSET_FOLDERS.flatMap((folder) =>
    readdirSync(path.join(root, folder))
      .filter((name) => !name.startsWith('LICENSE') || folder === 'wasm')
      .map((name): [string, string] => [`${PREFIX}/${folder}/${name}`, path.join(root, folder, name)]),
  );
}

export function pdfjsAssets(): Plugin {
  return {
    name: 'refshelf-pdfjs-assets',
    configureServer(server) {
      const root = pdfjsPackageDir();
      server.middlewares.use((request, response, next) => {
        const match = /^\/pdfjs\/([a-z_]+)\/([\w.-]+)$/.exec((request.url ?? '').split('?')[0]!);
        const folder = match?.[1];
        if (!match || !PDFJS_ASSET_FOLDERS.includes(folder as (typeof PDFJS_ASSET_FOLDERS)[number])) return next();
        const file = path.join(root, folder!, match[2]!);
        if (!statSync(file, { throwIfNoEntry: false })?.isFile()) return next();
        response.setHeader('Content-Type', file.endsWith('.wasm') ? 'application/wasm' : 'application/octet-stream');
        response.end(readFileSync(file));
      });
    },
    generateBundle() {
      for (const [fileName, file] of pdfjsAssetFiles()) this.emitFile({ type: 'asset', fileName, source: readFileSync(file) });
    },
    transformIndexHtml: {
      order: 'post',
      handler(html, context) {
        if (context.server) return html;
        const meta = `<meta http-equiv="Content-Security-Policy" content="${contentSecurityPolicyMeta()}" />`;
        // After the charset declaration, which must come first.
        const charset = /<meta charset="[^"]*"\s*\/?>/i;
        return charset.test(html) ? html.replace(charset, (tag) => `${tag}\n    ${meta}`) : html.replace('<head>', `<head>\n    ${meta}`);
      },
    },
  };
}
