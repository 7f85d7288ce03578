// The renderer's Content-Security-Policy, the same in the desktop shell and in browser mode:
// only the app's own scripts, no inline script, no eval, no plugins, no framing.
// connect-src adds the desktop's refshelf-file: scheme, where the reader's pdf.js fetches
// PDF bytes (browser mode serves them from 'self'); pdf.js's worker is a same-origin file.
export const CONTENT_SECURITY_POLICY =
  "default-src 'self'; script-src 'self'; connect-src 'self' refshelf-file:; img-src 'self' data: blob:; worker-src 'self' blob:; " +
  "style-src 'self' 'unsafe-inline'; object-src 'none'; base-uri 'none'; frame-ancestors 'none'; form-action 'none'";
