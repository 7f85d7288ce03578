// Macros a .bib file defines in its own @preamble ("\newcommand{\Dash}{--}",
// "\def\SortNoop#1{}"), expanded in field values before LaTeX becomes text, so that
// "SGML{\Dash}Questions" reads "SGML–Questions" instead of losing the macro. A macro that
// cannot be expanded (recursive, or a body this reader cannot follow) stays visible as
// "\Name" rather than silently disappearing.
export interface PreambleMacro {
  args: number;
  body: string;
}

/** The content of the brace group opening at `start`, and the offset after it. */
function groupAt(text: string, start: number): { content: string; end: number } | undefined {
  if (text[start] !== '{') return undefined;
  let depth = 0;
  for (let i = start; i < text.length; i++) {
    const ch = text[i];
    if (ch === '\\') {
      i++;
      continue;
    }
    if (ch === '{') depth++;
    else if (ch === '}' && --depth === 0) return { content: text.slice(start + 1, i), end: i + 1 };
  }
  return undefined;
}

const skipSpace = (text: string, i: number) => {
  while (i < text.length && /\s/.test(text[i]!)) i++;
  return i;
};

const DEFINITION = /\\(?:(?:re)?newcommand|providecommand|def|gdef)\*?\s*/g;

export function readPreambleMacros(preamble: string): Map<string, PreambleMacro> {
  const macros = new Map<string, PreambleMacro>();
  for (const match of preamble.matchAll(DEFINITION)) {
    let i = match.index + match[0].length;
    const isDef = /def\s*$/.test(match[0]);
    let name: string | undefined;
    const braced = groupAt(preamble, i);
    if (braced && /^\s*\\[A-Za-z@]+\s*$/.test(braced.content)) {
      name = braced.content.trim().slice(1);
      i = braced.end;
    } else {
      const bare = /^\\([A-Za-z@]+)/.exec(preamble.slice(i, i + 100));
      if (!bare) continue;
      name = bare[1];
      i += bare[0].length;
    }
    i = skipSpace(preamble, i);
    let args = 0;
    if (isDef) {
      const params = /^(?:#\d)+/.exec(preamble.slice(i, i + 20));
      if (params) {
        args = params[0].length / 2;
        i += params[0].length;
      }
    } else {
      const count = /^\[(\d)\]\s*/.exec(preamble.slice(i, i + 10));
      if (count) {
        args = Number(count[1]);
        i += count[0].length;
      }
      // An optional argument's default ([x]) is not supported: such a macro stays visible.
      if (preamble[i] === '[') {
        macros.set(name!, { args: -1, body: '' });
        continue;
      }
    }
    i = skipSpace(preamble, i);
    const body = groupAt(preamble, i);
    macros.set(name!, body ? { args, body: body.content } : { args: -1, body: '' });
  }
  return macros;
}

const visible = (name: string) => `\\textbackslash{}${name}`;

export function expandPreambleMacros(value: string, macros: ReadonlyMap<string, PreambleMacro>, depth = 0): string {
  if (!macros.size || !value.includes('\\')) return value;
  let out = '';
  for (let i = 0; i < value.length; i++) {
    const ch = value[i]!;
    if (ch !== '\\') {
      out += ch;
      continue;
    }
    const name = /^[A-Za-z@]+/.exec(value.slice(i + 1, i + 101))?.[0];
    const macro = name ? macros.get(name) : undefined;
    if (!name || !macro) {
      // Not a preamble macro: left for latexToUnicode (an escaped character keeps its backslash pair).
      out += value.slice(i, i + 1 + (name?.length ?? 1));
      i += name?.length ?? 1;
      continue;
    }
    let next = i + 1 + name.length;
    if (macro.args < 0 || depth >= 5) {
      out += visible(name);
      i = next - 1;
      continue;
    }
    const args: string[] = [];
    for (let n = 0; n < macro.args; n++) {
      next = skipSpace(value, next);
      const group = groupAt(value, next);
      if (group) {
        args.push(group.content);
        next = group.end;
      } else {
        args.push(value[next] ?? '');
        next++;
      }
    }
    if (!macro.args && value[next] === ' ') next++; // a space after a command name only ends it
    const body = macro.body.replace(/#(\d)/g, (_, k: string) => args[Number(k) - 1] ?? '');
    out += expandPreambleMacros(body, macros, depth + 1);
    i = next - 1;
  }
  return out;
}
