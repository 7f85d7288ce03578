// The modules a source file loads when it runs, followed through relative imports: what a
// bundler puts in the same chunk as that file. Type-only imports are left out (they are
// erased), and so are `import()` calls (each is a chunk of its own, loaded when called);
// `dynamic: true` follows those too. Packages are listed by their specifier ('markdown-it',
// 'typebox/value') and not entered.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

export interface ImportGraph {
  /** Absolute paths of the project's files reached, the start included. */
  files: Set<string>;
  /** Package specifiers imported by those files. */
  packages: Set<string>;
}

/** The specifiers a file imports at run time; `dynamic`: with its `import()` calls. */
export function runtimeImports(fileName: string, text: string, dynamic: boolean): string[] {
  const source = ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest, false, fileName.endsWith('x') ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
  const found: string[] = [];
  const visit = (node: ts.Node): void => {
    if (ts.isImportDeclaration(node) && ts.isStringLiteral(node.moduleSpecifier)) {
      const clause = node.importClause;
      const bindings = clause?.namedBindings;
      // `import { type A, type B }` is erased as well as `import type`.
      const onlyTypes = clause !== undefined && (clause.isTypeOnly
        || (!clause.name && bindings !== undefined && ts.isNamedImports(bindings) && bindings.elements.length > 0 && bindings.elements.every((e) => e.isTypeOnly)));
      if (!onlyTypes) found.push(node.moduleSpecifier.text);
    } else if (ts.isExportDeclaration(node) && node.moduleSpecifier && ts.isStringLiteral(node.moduleSpecifier)) {
      if (!node.isTypeOnly) found.push(node.moduleSpecifier.text);
    } else if (dynamic && ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword) {
      const [first] = node.arguments;
      if (first && ts.isStringLiteral(first)) found.push(first.text);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

/** Every file and package reached from `entry`. */
export function importGraph(entry: string, options: { dynamic?: boolean } = {}): ImportGraph {
  const files = new Set<string>();
  const packages = new Set<string>();
  const pending = [path.resolve(entry)];
  while (pending.length) {
    const file = pending.pop()!;
    if (files.has(file)) continue;
    files.add(file);
    if (!/\.(ts|tsx|mts|js|mjs)$/.test(file)) continue; // stylesheets and assets end here
    for (const specifier of runtimeImports(file, readFileSync(file, 'utf8'), options.dynamic ?? false)) {
      if (!specifier.startsWith('.')) {
        packages.add(specifier);
        continue;
      }
      const target = path.resolve(path.dirname(file), specifier);
      if (!existsSync(target)) throw new Error(`${file} imports ${specifier}, which is not there`);
      pending.push(target);
    }
  }
  return { files, packages };
}
