import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

const ROOT = path.join(__dirname, '..', '..');

/** The repository's top-level entries: a path that starts with one is named from the root. */
const TOP = new Set(readdirSync(ROOT).filter((name) => !name.startsWith('.') && name !== 'node_modules'));

/**
 * The folders ARCHITECTURE.md's sections speak inside, so that a path written short
 * (`core/serve.ts` under "The mock's layers", `replay/` under "POST /responses") still names one
 * place; a short path is true when it exists under one of them.
 */
const SHORT_PATH_BASES = [
  'mocks/src',
  'mocks/src/operations',
  'mocks/src/operations/create-response',
  'mocks/src/runtimes',
  'mocks/src/core',
  'mocks/src/core/stages',
  'mocks/src/exchange',
  'mocks/test',
  'conformance',
  'kit',
  'kit/stream',
  'proxy',
  'cli',
  'scripts',
];

/**
 * Every repository path ARCHITECTURE.md names in backticks: a token with a slash and no space,
 * not a URL path (`/__mock/*`), a package specifier (`model-gateway-mock/msw`) or the build's
 * output (`dist/`, made by `npm run build`).
 */
export function namedPaths(markdown: string): string[] {
  const paths = new Set<string>();
  for (const [, token = ''] of markdown.matchAll(/`([^`\s]+)`/g)) {
    if (!token.includes('/') || !/^[\w.*-]+(\/[\w.*-]*)+$/.test(token)) continue;
    if (token.startsWith('model-gateway-mock') || token.startsWith('dist/')) continue;
    paths.add(token);
  }
  return [...paths];
}

/** Whether `name` (its `*` matching any part of a file name) exists under `base`. */
function existsUnder(base: string, name: string): boolean {
  const segments = name.replace(/\/$/, '').split('/');
  let places = [path.join(ROOT, base)];
  for (const segment of segments) {
    if (!segment.includes('*')) {
      places = places.map((place) => path.join(place, segment)).filter((place) => existsSync(place));
      continue;
    }
    const pattern = new RegExp(`^${segment.replace(/[.]/g, '\\.').replace(/\*/g, '.*')}$`);
    places = places.flatMap((place) =>
      existsSync(place)
        ? readdirSync(place)
            .filter((entry) => pattern.test(entry))
            .map((entry) => path.join(place, entry))
        : [],
    );
  }
  return places.length > 0;
}

function exists(name: string): boolean {
  if (TOP.has(name.split('/')[0] ?? '')) return existsUnder('.', name);
  return SHORT_PATH_BASES.some((base) => existsUnder(base, name));
}

describe('ARCHITECTURE.md', () => {
  const markdown = readFileSync(path.join(ROOT, 'ARCHITECTURE.md'), 'utf8');

  it('names repository paths', () => {
    expect(namedPaths(markdown).length).toBeGreaterThan(50);
  });

  it('names only paths that exist', () => {
    expect(namedPaths(markdown).filter((name) => !exists(name))).toEqual([]);
  });

  it('finds a path that does not exist', () => {
    const missing = namedPaths('the answers (`mocks/src/answer/`) and `core/no-such-stage.ts`').filter(
      (name) => !exists(name),
    );
    expect(missing).toEqual(['mocks/src/answer/', 'core/no-such-stage.ts']);
  });
});
