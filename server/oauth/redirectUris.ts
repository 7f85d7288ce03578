// Redirect URI rules: exact match against a registered URI, except that a loopback URI
// (http on 127.0.0.1, [::1] or localhost) matches on any port, because desktop apps
// listen on whatever port is free (RFC 8252 section 7.3).

const LOOPBACK_HOSTS = new Set(['127.0.0.1', '[::1]', 'localhost']);
const MAX_URI_LENGTH = 2000;

function parse(uri: string): URL | undefined {
  try {
    return new URL(uri);
  } catch {
    return undefined;
  }
}

export function isLoopbackUri(uri: URL): boolean {
  return uri.protocol === 'http:' && LOOPBACK_HOSTS.has(uri.hostname);
}

/** Whether `requested` may be used as the redirect of a client that registered `registered`. */
export function redirectUriMatches(requested: string, registered: readonly string[]): boolean {
  if (registered.includes(requested)) return true;
  const wanted = parse(requested);
  if (!wanted || !isLoopbackUri(wanted) || wanted.username || wanted.password || wanted.hash) return false;
  return registered.some((candidate) => {
    const known = parse(candidate);
    return (
      known !== undefined &&
      isLoopbackUri(known) &&
      known.hostname === wanted.hostname &&
      known.pathname === wanted.pathname &&
      known.search === wanted.search
    );
  });
}

/**
 * Reads the redirect URIs a developer typed, one per line. Returns the URIs or a message
 * saying what is wrong with the first bad line.
 */
export function parseRedirectUriLines(text: string): { uris: string[] } | { error: string } {
  const lines = text
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter((line) => line.length > 0);
  if (lines.length === 0) return { error: 'Enter at least one redirect URI.' };
  if (lines.length > 20) return { error: 'Enter at most 20 redirect URIs.' };
  for (const line of lines) {
    if (line.length > MAX_URI_LENGTH) return { error: `A redirect URI must not exceed ${MAX_URI_LENGTH} characters.` };
    const uri = parse(line);
    if (!uri) return { error: `"${line}" is not an absolute URL.` };
    if (uri.hash || line.includes('#')) return { error: `"${line}" must not contain a fragment (#...).` };
    if (uri.username || uri.password) return { error: `"${line}" must not contain a user name or password.` };
    if (uri.protocol === 'http:' && !isLoopbackUri(uri)) {
      return { error: `"${line}" uses http: only loopback addresses (127.0.0.1, [::1], localhost) may; use https.` };
    }
    if (['javascript:', 'data:', 'file:', 'vbscript:'].includes(uri.protocol)) return { error: `"${line}" uses a forbidden scheme.` };
  }
  return { uris: [...new Set(lines)] };
}
