// The renderer's Content-Security-Policy, the same in the desktop shell and in browser mode:
// only the app's own scripts, no inline script, no eval, no plugins, no framing.
export const CONTENT_SECURITY_POLICY =
  "default-src 'self'; script-src 'self'; connect-src 'self'; img-src 'self' data: blob:; worker-src 'self' blob:; " +
  "style-src 'self' 'unsafe-inline'; object-src 'none'; base-uri 'none'; frame-ancestors 'none'; form-action 'none'";
