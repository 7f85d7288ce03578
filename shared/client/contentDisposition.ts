// Content-Disposition of an upload: the plain quoted form for simple names, the RFC 5987
// form (filename*=UTF-8''...) for names a quoted string cannot carry.

export function contentDisposition(fileName: string): string {
  if (/^[\x20-\x7e]*$/.test(fileName) && !/["\\]/.test(fileName)) return `attachment; filename="${fileName}"`;
  const encoded = encodeURIComponent(fileName).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return `attachment; filename*=UTF-8''${encoded}`;
}
