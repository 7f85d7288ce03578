// LaTeX markup in BibTeX field values to plain Unicode text: accents (\'e, {\"o}, \c{c}),
// special letters (\ss, \o, \aa), escaped specials (\&), dashes, quotes, text-style
// commands (\emph{x} -> x) and protective braces. Unknown commands keep their argument.

const ACCENTS: Record<string, string> = {
  "'": '\u0301', '`': '\u0300', '^': '\u0302', '"': '\u0308', '~': '\u0303', '=': '\u0304', '.': '\u0307',
  u: '\u0306', v: '\u030C', H: '\u030B', c: '\u0327', k: '\u0328', r: '\u030A', d: '\u0323', b: '\u0331', t: '\u0361',
};

const LETTERS: Record<string, string> = {
  ss: 'ß', SS: 'SS', o: 'ø', O: 'Ø', aa: 'å', AA: 'Å', ae: 'æ', AE: 'Æ', oe: 'œ', OE: 'Œ', l: 'ł', L: 'Ł',
  i: 'ı', j: 'ȷ', dh: 'ð', DH: 'Ð', th: 'þ', TH: 'Þ', ng: 'ŋ', NG: 'Ŋ', dj: 'đ', DJ: 'Đ',
  textendash: '–', textemdash: '—', textquoteleft: '‘', textquoteright: '’', textquotedblleft: '“',
  textquotedblright: '”', textellipsis: '…', ldots: '…', dots: '…', textregistered: '®', texttrademark: '™',
  copyright: '©', textcopyright: '©', textdegree: '°', textbackslash: '\\', textasciitilde: '~',
  textasciicircum: '^', textbar: '|', textless: '<', textgreater: '>', textunderscore: '_', S: '§', P: '¶',
  pounds: '£', euro: '€', textsection: '§', guillemotleft: '«', guillemotright: '»', quad: ' ', qquad: ' ',
  TeX: 'TeX', LaTeX: 'LaTeX', LaTeXe: 'LaTeX2e', BibTeX: 'BibTeX', AmS: 'AMS', METAFONT: 'METAFONT', MF: 'METAFONT',
  MP: 'MetaPost', ConTeXt: 'ConTeXt', XeTeX: 'XeTeX', LuaTeX: 'LuaTeX', eTeX: 'e-TeX', PiCTeX: 'PiCTeX',
  alpha: 'α', beta: 'β', gamma: 'γ', delta: 'δ', epsilon: 'ε', lambda: 'λ', mu: 'μ', pi: 'π', sigma: 'σ',
  omega: 'ω', Omega: 'Ω', times: '×', pm: '±', le: '≤', ge: '≥', infty: '∞', rightarrow: '→', to: '→',
  slash: '/', space: ' ', ' ': ' ', ',': ' ', ';': ' ', '/': '', '-': '', '@': '', '\\': ' ',
};

const ESCAPED = new Set(['&', '%', '$', '#', '_', '{', '}']);

/** Commands whose argument is dropped with them (they hold no readable text). */
const DROPPED = new Set(['label', 'cite', 'index', 'ref', 'protect', 'noopsort', 'nocite', 'hskip', 'vskip', 'kern', 'penalty']);

/** Reads a command name at `i` (after the backslash): letters, or one other character. */
function commandAt(text: string, i: number): string {
  const m = /^[A-Za-z]+/.exec(text.slice(i, i + 40));
  return m ? m[0] : text.charAt(i);
}

/** The argument after a command: {group}, or the next single character/letter. */
function argumentAt(text: string, i: number): { arg: string; end: number } {
  let j = i;
  while (text[j] === ' ') j++;
  if (text[j] === '{') {
    let depth = 0;
    for (let k = j; k < text.length; k++) {
      if (text[k] === '\\') {
        k++;
        continue;
      }
      if (text[k] === '{') depth++;
      else if (text[k] === '}' && --depth === 0) return { arg: text.slice(j + 1, k), end: k + 1 };
    }
    return { arg: text.slice(j + 1), end: text.length };
  }
  if (text[j] === '\\') {
    const name = commandAt(text, j + 1);
    return { arg: `\\${name}`, end: j + 1 + name.length };
  }
  return { arg: text.charAt(j), end: Math.min(j + 1, text.length) };
}

function accent(base: string, mark: string): string {
  const letter = base === '\\i' ? 'i' : base === '\\j' ? 'j' : latexToUnicode(base);
  if (!letter) return mark.normalize('NFC');
  return (letter.charAt(0) + mark + letter.slice(1)).normalize('NFC');
}

/** Characters the loop below acts on; every other character is copied as it is. */
const MARKUP = new Uint8Array(128);
for (const ch of '\\{}$~-`\'') MARKUP[ch.charCodeAt(0)] = 1;
const isMarkup = (code: number) => code < 128 && MARKUP[code] === 1;

/** Any run of blanks but a single space: what collapsing whitespace would change. */
const UNCOLLAPSED = /[^\S ]| {2}/;

/** Blanks collapsed to single spaces and trimmed (the string is only rebuilt when that changes something). */
function collapseBlanks(text: string): string {
  return (UNCOLLAPSED.test(text) ? text.replace(/\s+/g, ' ') : text).trim();
}

/** Converts LaTeX markup to text; braces are removed, whitespace collapsed. */
export function latexToUnicode(input: string): string {
  if (!/[\\{}~$`'-]/.test(input)) return collapseBlanks(input);
  let out = '';
  const text = input;
  for (let i = 0; i < text.length; i++) {
    if (!isMarkup(text.charCodeAt(i))) {
      // Plain text is copied a run at a time, not a character at a time.
      let j = i + 1;
      while (j < text.length && !isMarkup(text.charCodeAt(j))) j++;
      out += text.slice(i, j);
      i = j - 1;
      continue;
    }
    const ch = text[i]!;
    if (ch === '\\') {
      const name = commandAt(text, i + 1);
      if (!name) continue;
      let next = i + 1 + name.length;
      if (ESCAPED.has(name)) {
        out += name;
      } else if (ACCENTS[name] !== undefined) {
        const { arg, end } = argumentAt(text, next);
        out += accent(arg, ACCENTS[name]!);
        next = end;
      } else if (LETTERS[name] !== undefined) {
        out += LETTERS[name];
        // A space after a letter command only ends the command name ("\ss e" -> "ße" is wrong: keep "\o rsted").
        if (/^[A-Za-z]/.test(name) && text[next] === ' ') next++;
        if (text.slice(next, next + 2) === '{}') next += 2;
      } else if (DROPPED.has(name)) {
        const { end } = argumentAt(text, next);
        next = end;
      } else if (/^[A-Za-z]+$/.test(name)) {
        // \emph{x}, \textbf{x}, \url{x}, \mbox{x}...: keep the text, drop the command.
        while (text[next] === ' ') next++;
        if (text[next] === '{') {
          const { arg, end } = argumentAt(text, next);
          out += latexToUnicode(arg);
          next = end;
        }
      } else {
        out += name;
      }
      i = next - 1;
    } else if (ch === '{' || ch === '}' || ch === '$') {
      continue;
    } else if (ch === '~') {
      out += ' ';
    } else if (ch === '-' && text.startsWith('---', i)) {
      out += '—';
      i += 2;
    } else if (ch === '-' && text.startsWith('--', i)) {
      out += '–';
      i += 1;
    } else if (ch === '`' && text[i + 1] === '`') {
      out += '“';
      i += 1;
    } else if (ch === "'" && text[i + 1] === "'") {
      out += '”';
      i += 1;
    } else {
      out += ch;
    }
  }
  return collapseBlanks(out);
}
