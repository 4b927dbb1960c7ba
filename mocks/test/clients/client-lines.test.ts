/**
 * The client libraries the tests load on this Node: each declares (`engines`) that it supports
 * the running Node, the current majors run on Node 22 and later, and docs/clients.md ("Versions")
 * lists every version the tests run, for both lines. kit/test/support/client-lines.js decides
 * which line loads.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { NODE20_LINES, SAME_ON_EVERY_NODE } from '../../../kit/test/support/client-lines';

const ROOT = path.join(__dirname, '..', '..', '..');
const CLIENTS = [...Object.keys(NODE20_LINES), ...SAME_ON_EVERY_NODE];
const nodeMajor = Number(process.versions.node.split('.')[0]);

interface Manifest {
  readonly name: string;
  readonly version: string;
  readonly engines?: { readonly node?: string };
}

/** The package.json of the package a test's `import name` loads (jest applies the Node 20 aliases). */
function loaded(name: string): Manifest {
  let dir = path.dirname(require.resolve(name));
  for (;;) {
    const file = path.join(dir, 'package.json');
    try {
      const manifest = JSON.parse(readFileSync(file, 'utf8')) as Manifest;
      if (manifest.name === name) return manifest;
    } catch {
      // No package.json at this level: go up.
    }
    if (path.dirname(dir) === dir) throw new Error(`no package.json named ${name} above ${require.resolve(name)}`);
    dir = path.dirname(dir);
  }
}

function installed(folder: string): Manifest {
  return JSON.parse(readFileSync(path.join(ROOT, 'node_modules', folder, 'package.json'), 'utf8')) as Manifest;
}

/** Whether the running Node meets an `engines.node` of the form `>=22` or `>=20.19.0` (the forms these packages use). */
function admits(range: string): boolean {
  const match = /^>=\s*(\d+)(?:\.(\d+))?(?:\.(\d+))?$/.exec(range.trim());
  if (!match) throw new Error(`engines.node "${range}" is not a >= range: teach admits() its form`);
  const want = match.slice(1).map((part) => Number(part ?? 0));
  const have = process.versions.node.split('.').map(Number);
  for (let i = 0; i < 3; i++) if (have[i] !== want[i]) return have[i]! > want[i]!;
  return true;
}

describe('the client libraries under test', () => {
  // Only the clients that declare a Node range (@openrouter/sdk declares none).
  const declaring = CLIENTS.flatMap((name) => {
    const range = loaded(name).engines?.node;
    return range === undefined ? [] : [[name, range] as const];
  });

  it.each(declaring)('%s declares the running Node in its engines (%s)', (_name, range) => {
    expect(admits(range)).toBe(true);
  });

  it.each(Object.entries(NODE20_LINES))(
    '%s is the current major on Node 22 and later, the Node 20 line (%s) on Node 20',
    (name, alias) => {
      const expected = nodeMajor >= 22 ? installed(name) : installed(alias);
      expect(loaded(name).version).toBe(expected.version);
    },
  );

  it.each(CLIENTS)('docs/clients.md lists the versions of %s the tests run', (name) => {
    const docs = readFileSync(path.join(ROOT, 'docs', 'clients.md'), 'utf8');
    const versions = docs.slice(docs.indexOf('\n## Versions\n'));
    const row = versions.split('\n').find((line) => line.startsWith(`| \`${name}\` |`));
    expect(row).toBeDefined();
    const alias = (NODE20_LINES as Record<string, string>)[name];
    for (const folder of alias === undefined ? [name] : [name, alias]) expect(row).toContain(installed(folder).version);
  });
});
