// citeproc-js renders one output format per pass, and a pass over a big bibliography is the
// slow part of a copy; quick copy and drag-out need HTML, plain text and RTF of the same
// references. So citeproc-js renders HTML once and this module rewrites that HTML as its
// text and RTF formats would have written it: the HTML is citeproc-js's own (the tags its
// html format emits, numeric entities for & < >, the whitespace its display wrappers add),
// and each tag maps to what citeproc-js's text and rtf formats put for the same decoration
// (node_modules/citeproc, CSL.Output.Formats). htmlOutput.test.ts compares the results with
// citeproc-js's own text and RTF for every bundled style.

interface Wrapper {
  /** Whitespace citeproc-js's html format puts before the opening tag and after the closing one. */
  before: string;
  after: string;
  text: (inner: string) => string;
  rtf: (inner: string) => string;
}

/** citeproc-js's `@display/...` decorations, by the div's class. */
const DISPLAY: Record<string, Wrapper> = {
  'csl-entry': { before: '  ', after: '\n', text: (s) => `${s}\n`, rtf: (s) => s },
  'csl-block': { before: '\n\n    ', after: '\n', text: (s) => `\n${s}`, rtf: (s) => `\\line{}${s}\\line\r\n` },
  'csl-left-margin': { before: '\n    ', after: '', text: (s) => `${s} `, rtf: (s) => `${s}\\tab ` },
  'csl-right-inline': { before: '', after: '\n  ', text: (s) => s, rtf: (s) => `${s}\r\n` },
  'csl-indent': { before: '', after: '\n  ', text: (s) => `\n    ${s}`, rtf: (s) => `\n\\tab ${s}\\line\r\n` },
};

const keep = (s: string) => s;
/** RTF for the inline decorations: citeproc-js's rtf format, by the HTML it writes for them. */
const INLINE_RTF: Record<string, (s: string) => string> = {
  i: (s) => `{\\i{}${s}}`,
  em: (s) => `{\\i{}${s}}`,
  b: (s) => `{\\b{}${s}}`,
  sup: (s) => `\\super ${s}\\nosupersub{}`,
  sub: (s) => `\\sub ${s}\\nosupersub{}`,
  a: keep,
  'font-style:normal;': (s) => `{\\i0{}${s}}`,
  'font-variant:small-caps;': (s) => `{\\scaps ${s}}`,
  'font-variant:normal;': (s) => `{\\scaps0{}${s}}`,
  'font-weight:normal;': (s) => `{\\b0{}${s}}`,
  'text-decoration:underline;': (s) => `{\\ul{}${s}}`,
  'text-decoration:none;': keep,
  baseline: keep,
};

const ENTITIES: Record<string, string> = { '&#38;': '&', '&#60;': '<', '&#62;': '>' };

/** The characters of a text run, as citeproc-js had them before its html escaping. */
function unescapeHtml(text: string): string {
  // The html format turns any two whitespace characters into a no-break space and a space;
  // two spaces is what they most likely were.
  return text.replace(/&#(?:38|60|62);/g, (entity) => ENTITIES[entity]!).replace(/\u00A0 /g, '  ');
}

/** citeproc-js's rtf text_escape. */
export function escapeRtf(text: string): string {
  return text
    .replace(/([\\{}])/g, '\\$1')
    .replace(/[\u007F-\uFFFF]/g, (c) => `\\uc0\\u${c.charCodeAt(0)}{}`)
    .split('\t').join('\\tab{}');
}

interface Frame {
  tag: string;
  key: string;
  parts: { text: string; rtf: string };
}

const TOKEN = /<(\/?)([a-z]+)((?:\s+[a-z-]+="[^"]*")*)\s*>|[^<]+|</g;

/** One citeproc-js HTML fragment (an entry or a citation) as citeproc-js's text and RTF. */
export function htmlToTextAndRtf(html: string): { text: string; rtf: string } {
  const root: Frame = { tag: '', key: '', parts: { text: '', rtf: '' } };
  const stack: Frame[] = [root];
  let skip = '';
  let pending = '';
  const flushText = () => {
    if (!pending) return;
    const plain = unescapeHtml(pending);
    const top = stack[stack.length - 1]!;
    top.parts.text += plain;
    top.parts.rtf += escapeRtf(plain);
    pending = '';
  };
  for (const match of html.matchAll(TOKEN)) {
    const [token, closing, tag, attributes] = match;
    if (!tag) {
      let text = token;
      if (skip && text.startsWith(skip)) text = text.slice(skip.length);
      skip = '';
      pending += text;
      continue;
    }
    skip = '';
    if (!closing) {
      const cls = /class="([^"]*)"/.exec(attributes ?? '')?.[1];
      const style = /style="([^"]*)"/.exec(attributes ?? '')?.[1];
      const key = tag === 'div' ? (cls ?? '') : tag === 'span' ? (style ?? '') : tag;
      if (tag === 'div') {
        const wrapper = DISPLAY[key];
        if (wrapper && pending.endsWith(wrapper.before)) pending = pending.slice(0, pending.length - wrapper.before.length);
      }
      flushText();
      stack.push({ tag, key, parts: { text: '', rtf: '' } });
      continue;
    }
    flushText();
    const frame = stack.length > 1 && stack[stack.length - 1]!.tag === tag ? stack.pop()! : undefined;
    if (!frame) continue; // a stray closing tag: citeproc-js does not write one
    const parent = stack[stack.length - 1]!;
    const { text, rtf } = frame.parts;
    if (tag === 'div') {
      const wrapper = DISPLAY[frame.key];
      parent.parts.text += wrapper ? wrapper.text(text) : text;
      parent.parts.rtf += wrapper ? wrapper.rtf(rtf) : rtf;
      skip = wrapper?.after ?? '';
    } else {
      parent.parts.text += text;
      parent.parts.rtf += (INLINE_RTF[frame.key] ?? keep)(rtf);
    }
  }
  flushText();
  while (stack.length > 1) {
    const frame = stack.pop()!;
    stack[stack.length - 1]!.parts.text += frame.parts.text;
    stack[stack.length - 1]!.parts.rtf += frame.parts.rtf;
  }
  return root.parts;
}
