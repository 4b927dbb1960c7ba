/**
 * Writes mocks/fixtures/fixtures.bundled.schema.json: the fixtures schema with the spec schemas it
 * refers to copied in, for editors (logic: mocks/src/fixture-loading/bundle-fixtures-schema.ts).
 * `--check` writes nothing and exits 1 when the committed copy differs (drift in CI).
 */
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { loadContract } from '../kit/contract/contract';
import { bundleFixturesSchema } from '../mocks/src/fixture-loading/bundle-fixtures-schema';
import { bundledFixturesSchemaPath, fixturesSchemaPath } from '../mocks/src/fixture-loading/fixtures-paths';

const USAGE = `Usage: tsx scripts/bundle-fixtures-schema.ts [--check]

Writes mocks/fixtures/fixtures.bundled.schema.json from mocks/fixtures/fixtures.schema.json and spec/openapi.yaml.
  --check   do not write; exit 1 if the bundled copy is out of date
  --help    show this help`;

function render(): string {
  const source = JSON.parse(readFileSync(fixturesSchemaPath(), 'utf8')) as Record<string, unknown>;
  const bundledId = new URL(path.basename(bundledFixturesSchemaPath()), String(source.$id)).href;
  return `${JSON.stringify(bundleFixturesSchema(source, loadContract(), bundledId), null, 2)}\n`;
}

function main(args: string[]): number {
  if (args.includes('--help') || args.includes('-h')) {
    console.log(USAGE);
    return 0;
  }
  const unknown = args.filter((arg) => arg !== '--check');
  if (unknown.length > 0) {
    console.error(`bundle-fixtures-schema: unknown option ${unknown.join(' ')}\n\n${USAGE}`);
    return 2;
  }
  const output = bundledFixturesSchemaPath();
  const shown = path.relative(process.cwd(), output);
  const fresh = render();
  if (args.includes('--check')) {
    let current = '';
    try {
      current = readFileSync(output, 'utf8');
    } catch {
      console.error(`${shown} is missing: run \`npm run generate\` and commit it.`);
      return 1;
    }
    if (current !== fresh) {
      console.error(
        `${shown} is stale: the fixtures schema or the spec changed. Run \`npm run generate\` and commit it.`,
      );
      return 1;
    }
    console.log(`${shown} is up to date.`);
    return 0;
  }
  writeFileSync(output, fresh);
  console.log(`wrote ${shown}`);
  return 0;
}

try {
  process.exitCode = main(process.argv.slice(2));
} catch (err) {
  console.error(`bundle-fixtures-schema: ${err instanceof Error ? err.message : String(err)}`);
  process.exitCode = 2;
}
