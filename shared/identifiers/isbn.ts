// ISBN-10 and ISBN-13 with their check digits; hyphens and spaces are layout, not content.

/** "978-3-16-148410-0" -> "9783161484100"; undefined when the checksum fails. */
export function cleanIsbn(raw: string): string | undefined {
  const s = raw.replace(/^isbn(?:-1[03])?:?\s*/i, '').replace(/[\s\u2010-\u2015-]/g, '').toUpperCase();
  if (/^\d{9}[\dX]$/.test(s)) return isbn10Valid(s) ? s : undefined;
  if (/^97[89]\d{10}$/.test(s)) return isbn13Valid(s) ? s : undefined;
  return undefined;
}

export function isbn10Valid(s: string): boolean {
  if (!/^\d{9}[\dX]$/.test(s)) return false;
  let sum = 0;
  for (let i = 0; i < 10; i++) sum += (10 - i) * (s[i] === 'X' ? 10 : Number(s[i]));
  return sum % 11 === 0;
}

export function isbn13Valid(s: string): boolean {
  if (!/^\d{13}$/.test(s)) return false;
  let sum = 0;
  for (let i = 0; i < 13; i++) sum += Number(s[i]) * (i % 2 === 0 ? 1 : 3);
  return sum % 10 === 0;
}

/** ISBNs printed with their label ("ISBN 978-..."), checksum-valid ones only. */
export function findIsbns(text: string): string[] {
  const found: string[] = [];
  for (const m of text.matchAll(/\bISBN(?:-1[03])?:?\s*((?:97[89][\s-]?)?(?:\d[\s-]?){9}[\dXx])\b/g)) {
    const isbn = cleanIsbn(m[1]!);
    if (isbn && !found.includes(isbn)) found.push(isbn);
  }
  return found;
}
