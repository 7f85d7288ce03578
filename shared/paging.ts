// RFC 8288 (formerly 5988) Link headers: the paging contract between service and clients.

export type LinkRelations = Partial<Record<'next' | 'last' | 'first' | 'previous', string>> & Record<string, string>;

export function formatLinkHeader(links: Record<string, string | undefined>): string | undefined {
  const parts = Object.entries(links)
    .filter((entry): entry is [string, string] => typeof entry[1] === 'string')
    .map(([rel, url]) => `<${url}>; rel="${rel}"`);
  return parts.length ? parts.join(', ') : undefined;
}

/** Parses one or more Link header values; tolerant of spacing, quoting and parameter order. */
export function parseLinkHeader(header: string | string[] | null | undefined): LinkRelations {
  const result: LinkRelations = {};
  const values = Array.isArray(header) ? header : header ? [header] : [];
  for (const value of values) {
    const pattern = /<([^>]*)>((?:\s*;\s*[^;,]+(?:=(?:"[^"]*"|[^;,]*))?)*)/g;
    for (const match of value.matchAll(pattern)) {
      const url = match[1] ?? '';
      const params = match[2] ?? '';
      const rel = /;\s*rel\s*=\s*(?:"([^"]*)"|([^;,\s]+))/i.exec(params);
      const relations = (rel?.[1] ?? rel?.[2] ?? '').split(/\s+/).filter(Boolean);
      for (const name of relations) result[name.toLowerCase()] = url;
    }
  }
  return result;
}
