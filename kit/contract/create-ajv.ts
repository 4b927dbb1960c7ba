import type Ajv2020 from 'ajv/dist/2020';
import type * as AjvModule from 'ajv';
import type AddFormats from 'ajv-formats';

/** What a validator needs beyond the house setup. */
export interface AjvNeeds {
  /** Write `default` values into the data being validated (configuration files, not requests). */
  readonly fillDefaults?: boolean;
  /** Keep the failing value and its schema on every error, for messages that quote them. */
  readonly errorData?: boolean;
  /**
   * Keep the source of what is compiled, for ajv's standalone code: validators written out by
   * `npm run build` (kit/contract/precompiled.ts) and loaded at start-up instead of compiled.
   */
  readonly standalone?: boolean;
}

/**
 * The one ajv setup every validator uses, the contract's and those of our own configuration files
 * (target files, fixtures): JSON Schema 2020-12 as OpenAPI 3.1 uses it, every error reported,
 * unknown keywords rejected (a typo in a schema is an error, not a rule that silently never
 * applies), and `format` checked. `type` lists and unconstrained union members are allowed, as
 * 2020-12 allows them. ajv is loaded on the first call: a start from validators compiled ahead
 * never needs it (about 30 ms of start-up).
 */
export function createAjv(needs: AjvNeeds = {}): Ajv2020 {
  /* eslint-disable @typescript-eslint/no-require-imports -- deliberate lazy load, see above */
  const Ajv = (require('ajv/dist/2020') as { default: typeof Ajv2020 }).default;
  const addFormats = (require('ajv-formats') as { default: typeof AddFormats }).default;
  const { _ } = require('ajv') as typeof AjvModule;
  /* eslint-enable @typescript-eslint/no-require-imports */
  const ajv = new Ajv({
    allErrors: true,
    strict: true,
    strictTypes: false,
    strictTuples: false,
    strictRequired: false,
    validateFormats: true,
    useDefaults: needs.fillDefaults === true,
    verbose: needs.errorData === true,
    // Standalone code names the formats by the module that holds them, as addFormats adds them.
    ...(needs.standalone === true
      ? { code: { source: true, formats: _`require("ajv-formats/dist/formats").fullFormats` } }
      : {}),
  });
  addFormats(ajv);
  return ajv;
}
