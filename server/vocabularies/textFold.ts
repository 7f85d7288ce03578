// One normal form for matching names typed by people against names in the data: lower
// case, accents and other combining marks removed, a few letters that Unicode does not
// decompose spelled out, runs of white space collapsed. "Zür" and "Zur" both become "zur".

const LETTERS: Record<string, string> = {
  ß: 'ss', ẞ: 'ss', æ: 'ae', Æ: 'ae', œ: 'oe', Œ: 'oe', ø: 'o', Ø: 'o', ł: 'l', Ł: 'l', đ: 'd', Đ: 'd',
  ð: 'd', Ð: 'd', þ: 'th', Þ: 'th', ı: 'i', '\u2018': "'", '\u2019': "'", '\u02bb': "'", '\u02bc': "'",
};
const SPECIAL = new RegExp(`[${Object.keys(LETTERS).join('')}]`, 'g');

export function fold(text: string): string {
  // Most names are plain ASCII: skip the Unicode work for them (it dominates index building).
  if (/^[\x20-\x7e]*$/.test(text)) return text.toLowerCase().replace(/ {2,}/g, ' ').trim();
  return text
    .normalize('NFD')
    .replace(/\p{M}+/gu, '')
    .replace(SPECIAL, (c) => LETTERS[c] ?? c)
    .toLowerCase()
    .replace(/\s+/g, ' ')
    .trim();
}
