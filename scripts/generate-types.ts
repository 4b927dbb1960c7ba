/**
 * Writes generated/openapi.ts from spec/openapi.yaml with openapi-typescript.
 * `--check` writes nothing and exits 1 when the committed file differs (drift in CI).
 */
import { readFileSync, writeFileSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import openapiTS, { astToString } from 'openapi-typescript';
import { SPEC_PATH } from '../kit/contract/contract';

const OUTPUT = path.join(__dirname, '..', 'generated', 'openapi.ts');
const HEADER = [
  '/**',
  ' * GENERATED FILE: do not edit.',
  ' * Produced from spec/openapi.yaml by `npm run generate` (openapi-typescript).',
  ' * Change the spec, then regenerate.',
  ' */',
  '',
].join('\n');

const USAGE = `Usage: npm run generate [-- --check]

Generates TypeScript types (generated/openapi.ts) from spec/openapi.yaml.
  --check   do not write; exit 1 if generated/openapi.ts is out of date
  --help    show this help`;

async function render(): Promise<string> {
  // Fields with a default stay optional: a client may omit them (ResponseRequest `store`, `stream`...).
  const ast = await openapiTS(pathToFileURL(SPEC_PATH), {
    alphabetize: false,
    defaultNonNullable: false,
    silent: true,
  });
  return HEADER + astToString(ast);
}

async function main(args: string[]): Promise<number> {
  if (args.includes('--help') || args.includes('-h')) {
    console.log(USAGE);
    return 0;
  }
  const unknown = args.filter((arg) => arg !== '--check');
  if (unknown.length > 0) {
    console.error(`generate: unknown option ${unknown.join(' ')}\n\n${USAGE}`);
    return 2;
  }
  const fresh = await render();
  if (args.includes('--check')) {
    let current = '';
    try {
      current = readFileSync(OUTPUT, 'utf8');
    } catch {
      console.error('generated/openapi.ts is missing: run `npm run generate` and commit it.');
      return 1;
    }
    if (current !== fresh) {
      console.error('generated/openapi.ts is stale: the spec changed. Run `npm run generate` and commit it.');
      return 1;
    }
    console.log('generated/openapi.ts is up to date with spec/openapi.yaml.');
    return 0;
  }
  mkdirSync(path.dirname(OUTPUT), { recursive: true });
  writeFileSync(OUTPUT, fresh);
  console.log(`wrote ${path.relative(process.cwd(), OUTPUT)} (${fresh.split('\n').length} lines)`);
  return 0;
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (err: unknown) => {
    console.error(`generate: ${err instanceof Error ? err.message : String(err)}`);
    process.exit(2);
  },
);
