import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

/** One `import { … } from 'model-gateway-mock…'` of the docs: where it is, what it imports. */
export interface DocImport {
  /** `docs/ci.md:207`. */
  readonly place: string;
  readonly module: string;
  /** Names a program uses at run time. */
  readonly values: readonly string[];
  /** Names imported as types (`import type { … }`, or `type X` inside the braces). */
  readonly types: readonly string[];
}

const IMPORT = /import\s+(type\s+)?\{([^}]*)\}\s*from\s*'(model-gateway-mock(?:\/[^']*)?)'/g;

/** README.md and docs/*.md, relative to `root`. */
function docFiles(root: string): string[] {
  return [
    'README.md',
    ...readdirSync(path.join(root, 'docs'))
      .filter((name) => name.endsWith('.md'))
      .sort()
      .map((name) => path.join('docs', name)),
  ];
}

/** Every import of the package in README.md and docs/*.md, as a reader would copy it. */
export function docImports(root: string): DocImport[] {
  return docFiles(root).flatMap((file) => {
    const text = readFileSync(path.join(root, file), 'utf8');
    return [...text.matchAll(IMPORT)].map((match) => {
      const typeOnly = match[1] !== undefined;
      const names = (match[2] ?? '')
        .split(',')
        .map((name) => name.trim())
        .filter((name) => name !== '');
      const isType = (name: string) => typeOnly || name.startsWith('type ');
      const bare = (name: string) => name.replace(/^type\s+/, '').split(/\s+as\s+/)[0] ?? name;
      return {
        place: `${file}:${text.slice(0, match.index).split('\n').length}`,
        module: match[3] ?? '',
        values: names.filter((name) => !isType(name)).map(bare),
        types: names.filter(isType).map(bare),
      };
    });
  });
}

/** A TypeScript file importing each name from its module (each under an alias of its own), for tsc to check. */
export function importsProgram(imports: readonly DocImport[]): string {
  let n = 0;
  return imports
    .flatMap((found) => [
      ...found.values.map((name) => `import { ${name} as v${n++} } from '${found.module}'; // ${found.place}`),
      ...found.types.map((name) => `import type { ${name} as t${n++} } from '${found.module}'; // ${found.place}`),
    ])
    .concat('export {};')
    .join('\n');
}

/**
 * What else the docs point a user at in the package: entry points by name (`'model-gateway-mock/jest'`
 * in a Jest config, say) and files by their installed path (`node_modules/model-gateway-mock/…`).
 */
export function docReferences(root: string): { entries: string[]; files: string[] } {
  const text = docFiles(root)
    .map((file) => readFileSync(path.join(root, file), 'utf8'))
    .join('\n');
  const entries = [...text.matchAll(/['"](model-gateway-mock\/[\w./-]*[\w])['"]/g)].map((match) => match[1] ?? '');
  const files = [...text.matchAll(/node_modules\/model-gateway-mock\/([\w./-]*[\w])/g)].map((match) => match[1] ?? '');
  return { entries: [...new Set(entries)].sort(), files: [...new Set(files)].sort() };
}
