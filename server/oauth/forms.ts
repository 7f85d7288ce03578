// Reading posted HTML forms and query strings of the web pages.

/**
 * Form or query fields as strings; repeated or non-text fields read as missing, and so do
 * values holding a NUL character, which no field needs and PostgreSQL cannot compare.
 */
export function stringFields(input: unknown): Record<string, string | undefined> {
  const fields: Record<string, string | undefined> = {};
  if (!input || typeof input !== 'object' || Array.isArray(input) || typeof (input as { pipe?: unknown }).pipe === 'function') return fields;
  for (const [name, value] of Object.entries(input as Record<string, unknown>)) {
    if (typeof value === 'string' && !value.includes('\u0000')) fields[name] = value;
  }
  return fields;
}

/** Names of fields that were sent more than once (RFC 6749 forbids repeating parameters). */
export function repeatedFields(input: unknown): string[] {
  if (!input || typeof input !== 'object') return [];
  return Object.entries(input as Record<string, unknown>)
    .filter(([, value]) => Array.isArray(value))
    .map(([name]) => name);
}

export const DEFAULT_AFTER_SIGN_IN = '/oauth/applications';

/**
 * Where to go after signing in: only a path of this area, so the sign-in form cannot be
 * used to send people to another site.
 */
export function safeReturnPath(value: string | undefined): string {
  if (!value || value.length > 4000) return DEFAULT_AFTER_SIGN_IN;
  if (!value.startsWith('/oauth/') || value.startsWith('//') || /[\\\s]/.test(value)) return DEFAULT_AFTER_SIGN_IN;
  try {
    const parsed = new URL(value, 'http://placeholder.invalid');
    if (parsed.host !== 'placeholder.invalid') return DEFAULT_AFTER_SIGN_IN;
  } catch {
    return DEFAULT_AFTER_SIGN_IN;
  }
  return value;
}
