// The renderer's Content-Security-Policy, the same in the desktop shell (app:// protocol),
// in browser mode and in the built index.html: only the app's own scripts, no inline script,
// no eval, no plugins, no framing. 'wasm-unsafe-eval' lets pdf.js compile its JPEG 2000 and
// JBIG2 decoders (WebAssembly only, not JavaScript eval). connect-src adds the desktop's
// refshelf-file: scheme, where the reader's pdf.js fetches PDF bytes (browser mode serves
// them from 'self'); pdf.js's worker, cMaps, fonts and wasm are same-origin files.
export const CONTENT_SECURITY_POLICY =
  "default-src 'self'; script-src 'self' 'wasm-unsafe-eval'; connect-src 'self' refshelf-file:; img-src 'self' data: blob:; " +
  "worker-src 'self' blob:; font-src 'self' data:; style-src 'self' 'unsafe-inline'; object-src 'none'; base-uri 'none'; " +
  "frame-ancestors 'none'; form-action 'none'";

/** The policy for a <meta> tag: browsers ignore frame-ancestors there (and warn), so it is left to the header. */
export function contentSecurityPolicyMeta(policy: string = CONTENT_SECURITY_POLICY): string {
  return policy
    .split(';')
    .map((directive) => directive.trim())
    .filter((directive) => directive && !directive.startsWith('frame-ancestors'))
    .join('; ');
}
