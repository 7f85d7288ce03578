// ISSNs: NNNN-NNNC where C is a mod-11 check digit (X for 10).

/** "issn 0378-5955" -> "0378-5955"; undefined when the check digit is wrong. */
export function cleanIssn(raw: string): string | undefined {
  const s = raw.replace(/^e?-?issn:?\s*/i, '').replace(/[\s\u2010-\u2015-]/g, '').toUpperCase();
  if (!/^\d{7}[\dX]$/.test(s)) return undefined;
  let sum = 0;
  for (let i = 0; i < 7; i++) sum += (8 - i) * Number(s[i]);
  const check = (11 - (sum % 11)) % 11;
  const expected = check === 10 ? 'X' : String(check);
  return s[7] === expected ? `${s.slice(0, 4)}-${s.slice(4)}` : undefined;
}

export function findIssns(text: string): string[] {
  const found: string[] = [];
  for (const m of text.matchAll(/\b(?:e-?|p-?|print\s+|online\s+)?ISSN:?\s*(\d{4}[\s\u2010-\u2015-]?\d{3}[\dXx])\b/gi)) {
    const issn = cleanIssn(m[1]!);
    if (issn && !found.includes(issn)) found.push(issn);
  }
  return found;
}
