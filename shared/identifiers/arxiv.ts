// arXiv identifiers: the new form (1501.00001, 1501.00001v2; five digits after the dot since
// 2015) and the old form (hep-th/9901001, math.GT/0309136).

const NEW_ID = /\b(\d{2}(?:0[1-9]|1[0-2])\.\d{4,5})(v\d+)?\b/;
const OLD_ID = /\b([a-z-]+(?:\.[A-Z]{2})?\/\d{2}(?:0[1-9]|1[0-2])\d{3})(v\d+)?\b/;
const ARCHIVES = new Set([
  'acc-phys', 'adap-org', 'alg-geom', 'ao-sci', 'astro-ph', 'atom-ph', 'bayes-an', 'chao-dyn', 'chem-ph', 'cmp-lg',
  'comp-gas', 'cond-mat', 'cs', 'dg-ga', 'funct-an', 'gr-qc', 'hep-ex', 'hep-lat', 'hep-ph', 'hep-th', 'math',
  'math-ph', 'mtrl-th', 'nlin', 'nucl-ex', 'nucl-th', 'patt-sol', 'physics', 'plasm-ph', 'q-alg', 'q-bio', 'quant-ph',
  'solv-int', 'supr-con',
]);

/** "arXiv:1501.00001v2", "https://arxiv.org/abs/hep-th/9901001" -> the bare id (version kept). */
export function cleanArxivId(raw: string): string | undefined {
  const s = raw.trim().replace(/^(?:https?:\/\/)?(?:www\.)?arxiv\.org\/(?:abs|pdf)\//i, '').replace(/^arxiv:\s*/i, '').replace(/\.pdf$/i, '');
  const modern = new RegExp(`^${NEW_ID.source}$`).exec(s);
  if (modern) return validNewId(modern[1]!) ? modern[1]! + (modern[2] ?? '') : undefined;
  const old = new RegExp(`^${OLD_ID.source}$`).exec(s);
  if (old && ARCHIVES.has(old[1]!.split(/[./]/)[0]!)) return old[1]! + (old[2] ?? '');
  return undefined;
}

function validNewId(id: string): boolean {
  const [yymm, number] = id.split('.') as [string, string];
  // Four-digit numbers until 1412, five from 1501 on.
  return Number(yymm) >= 1501 ? number.length === 5 : number.length === 4 && Number(yymm) >= 704;
}

/** Ids announced as arXiv ids ("arXiv:1403.2805v1", "arxiv.org/abs/..."): bare numbers are not trusted. */
export function findArxivIds(text: string): string[] {
  const found: string[] = [];
  const labelled = /(?:arxiv\s*:\s*|arxiv\.org\/(?:abs|pdf)\/)([a-z-]+(?:\.[A-Z]{2})?\/\d{7}(?:v\d+)?|\d{4}\.\d{4,5}(?:v\d+)?)/gi;
  for (const m of text.matchAll(labelled)) {
    const id = cleanArxivId(m[1]!);
    if (id && !found.includes(id)) found.push(id);
  }
  return found;
}

/** The year an arXiv id was submitted in (new ids start with yymm, old ones end in yymmnnn). */
export function arxivYear(id: string): number | undefined {
  const yy = /^\d{4}\./.test(id) ? Number(id.slice(0, 2)) : Number(/\/(\d{2})/.exec(id)?.[1] ?? NaN);
  if (!Number.isFinite(yy)) return undefined;
  return yy >= 91 ? 1900 + yy : 2000 + yy;
}
