import { contractFromText, readSpecFile, SPEC_PATH } from '../../../kit/contract/contract';
import type { Contract } from '../../../kit/contract/contract-types';
import { createDocsEndpoint } from '../api-docs/docs-endpoint';
import { loadFixtures } from '../fixture-loading/load-fixtures';
import { withScripts } from '../fixture-loading/load-scripts';
import type { MockOptions } from '../core/options';
import { createMockServer } from '../runtimes/node/server';
import type { MockServer } from '../runtimes/node/server';
import { encodeSegment } from '../../../kit/json/json-pointer';

export interface MockFilesInit {
  readonly specPath?: string;
  /** Undefined: the built-in fixtures. */
  readonly fixturesPath?: string;
  /** A scripts file whose scripts are tried before the fixtures' own (`--scripts FILE`). */
  readonly scriptsPath?: string;
  readonly options?: Partial<MockOptions>;
  readonly docsHtmlPath?: string;
  /** Where the rendered API reference is kept, one page per spec text (default: a temporary folder). */
  readonly docsCacheDir?: string;
  /**
   * Compile every component schema, not only those the operations use (default true). A plain
   * `npm start` turns it off: it costs about 200 ms of start-up, a broken schema no operation uses
   * changes nothing the mock serves, and `npm test` compiles them all anyway. `--watch` keeps it.
   */
  readonly checkEverySchema?: boolean;
}

/**
 * Reads the spec and the fixtures from disk and builds one mock from them, with the docs and
 * raw-spec routes. Throws a ContractError or a FixturesError whose message names the file, the
 * place and the problem; `--watch` shows it and keeps serving the previous build.
 */
export function loadMockFromFiles(init: MockFilesInit = {}): MockServer {
  const specPath = init.specPath ?? SPEC_PATH;
  // Read once: the text served at /__mock/openapi.yaml is the text the contract was parsed from.
  const specText = readSpecFile(specPath);
  const contract = contractFromText(specText, specPath);
  if (init.checkEverySchema !== false) compileEverySchema(contract);
  const loaded = loadFixtures(init.fixturesPath, contract);
  const fixtures = init.scriptsPath === undefined ? loaded : withScripts(loaded, init.scriptsPath, contract);
  return createMockServer({
    contract,
    fixtures,
    options: init.options,
    adminEndpoints: [
      createDocsEndpoint({ contract, specText, docsHtmlPath: init.docsHtmlPath, cacheDir: init.docsCacheDir }),
    ],
  });
}

/**
 * The mock compiles the schemas its operations use; a broken schema nothing uses yet (a typo in
 * a keyword, a `$ref` to nowhere) would slip through, so every component schema is compiled too.
 * A schema that does not compile throws a ContractError naming its place in the document.
 */
function compileEverySchema(contract: Contract): void {
  const schemas = (contract.document.components as { schemas?: Record<string, unknown> } | undefined)?.schemas ?? {};
  for (const name of Object.keys(schemas)) contract.validator(`#/components/schemas/${encodeSegment(name)}`);
}
