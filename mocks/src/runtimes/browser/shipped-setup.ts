/**
 * Everything the mock loads at start-up, as modules a bundler (esbuild, Vite, webpack) or a
 * browser page takes in without a file system: the artefacts `npm run build` writes into
 * dist/precompiled/ (scripts/precompile.ts). Each is named by a literal path, so a bundler follows it; from
 * dist/mocks/src/runtimes/browser/, `../../../../precompiled/` is dist/precompiled/. Nothing is hashed or
 * checked again: the build made these from one spec, one fixtures schema and one fixtures file.
 *
 * What makes it up (sizes in docs/browser-tests.md): the parsed spec (openapi.json), ajv's
 * standalone request validators (contract-validators.js) and the built-in fixtures already
 * validated (builtin-fixtures.json). The fixtures schema's validator stays out (138 KiB): fixtures
 * a test passes are checked where they are made, in Node (`parseFixtures`).
 * The tokenizer's ranks are not in it (2.7 MB): counts are estimates unless the caller gives
 * `tokenRanks` (browser-setup.ts).
 */
import type { ValidateFunction } from 'ajv';
import type { JsonObject } from '../../../../kit/json/guards';
import type { ContractValidatorsModule } from '../../../../kit/contract/compiled-validators';
import { validatorsByPointer } from '../../../../kit/contract/compiled-validators';
import type { Fixtures } from '../../core/fixture-model/fixture-types';

export interface ShippedSetup {
  /** The spec, parsed. */
  readonly document: JsonObject;
  /** The request validators compiled ahead, by JSON pointer (`#/components/...`). */
  readonly validators: ReadonlyMap<string, ValidateFunction>;
  /** The built-in fixtures as loading them gives: validated, defaults filled; a fresh copy per call. */
  builtinFixtures(): Fixtures;
}

let shipped: ShippedSetup | undefined;

/** The shipped setup, loaded once (its modules are immutable; every mock makes its own state from it). */
export function shippedSetup(): ShippedSetup {
  if (shipped) return shipped;
  /* eslint-disable @typescript-eslint/no-require-imports -- literal paths a bundler follows; see above */
  const document = require('../../../../precompiled/openapi.json') as JsonObject;
  const compiled = require('../../../../precompiled/contract-validators.js') as ContractValidatorsModule;
  const builtin = require('../../../../precompiled/builtin-fixtures.json') as Fixtures;
  /* eslint-enable @typescript-eslint/no-require-imports */
  shipped = {
    document,
    validators: validatorsByPointer(compiled),
    builtinFixtures: () => structuredClone(builtin),
  };
  return shipped;
}
