// PubMed ids: plain positive integers, so only trusted when labelled "PMID".

export function cleanPmid(raw: string): string | undefined {
  const s = raw.trim().replace(/^pmid:?\s*/i, '');
  return /^[1-9]\d{0,8}$/.test(s) ? s : undefined;
}

export function findPmids(text: string): string[] {
  const found: string[] = [];
  for (const m of text.matchAll(/\bPMID:?\s*([1-9]\d{0,8})\b/g)) {
    if (!found.includes(m[1]!)) found.push(m[1]!);
  }
  return found;
}
