import Ajv2020 from 'ajv/dist/2020';
import addFormats from 'ajv-formats';

/** What a validator needs beyond the house setup. */
export interface AjvNeeds {
  /** Write `default` values into the data being validated (configuration files, not requests). */
  readonly fillDefaults?: boolean;
  /** Keep the failing value and its schema on every error, for messages that quote them. */
  readonly errorData?: boolean;
}

/**
 * The one ajv setup every validator uses, the contract's and those of our own configuration files
 * (target files, fixtures): JSON Schema 2020-12 as OpenAPI 3.1 uses it, every error reported,
 * unknown keywords rejected (a typo in a schema is an error, not a rule that silently never
 * applies), and `format` checked. `type` lists and unconstrained union members are allowed, as
 * 2020-12 allows them.
 */
export function createAjv(needs: AjvNeeds = {}): Ajv2020 {
  const ajv = new Ajv2020({
    allErrors: true,
    strict: true,
    strictTypes: false,
    strictTuples: false,
    strictRequired: false,
    validateFormats: true,
    useDefaults: needs.fillDefaults === true,
    verbose: needs.errorData === true,
  });
  addFormats(ajv);
  return ajv;
}
