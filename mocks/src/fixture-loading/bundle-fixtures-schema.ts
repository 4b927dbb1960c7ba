import type { Contract } from '../../../kit/contract/contract-types';
import { isRecord } from '../../../kit/json/guards';

const SPEC_SCHEMAS = 'openapi.json#/components/schemas/';
const LOCAL_SCHEMAS = '#/components/schemas/';
const BUNDLED = '#/$defs/openapi.';

/**
 * The fixtures schema made self-contained for editors, which cannot follow its references into the
 * spec (a YAML document): every spec schema it reaches (Model, ModelArchitecture, DecimalString...)
 * is copied into `$defs` as `openapi.<Name>`, references are rewritten to point there, and the
 * spec's `x-` annotations are left out. `bundledId` is the copy's own `$id`.
 */
export function bundleFixturesSchema(source: Record<string, unknown>, contract: Contract, bundledId: string): unknown {
  const copied = new Map<string, unknown>();
  const queue: string[] = [];
  const rewrite = (node: unknown): unknown => {
    if (Array.isArray(node)) return node.map(rewrite);
    if (!isRecord(node)) return node;
    const out: Record<string, unknown> = {};
    for (const [key, value] of Object.entries(node)) {
      if (key.startsWith('x-')) continue;
      if (key === '$ref' && typeof value === 'string') {
        // `openapi.json#/...` in the fixtures schema; `#/components/...` inside a copied spec schema.
        const prefix = [SPEC_SCHEMAS, LOCAL_SCHEMAS].find((start) => value.startsWith(start));
        const name = prefix === undefined ? undefined : value.slice(prefix.length);
        if (name !== undefined) {
          if (!copied.has(name) && !queue.includes(name)) queue.push(name);
          out[key] = `${BUNDLED}${name}`;
          continue;
        }
      }
      out[key] = rewrite(value);
    }
    return out;
  };
  const bundled = rewrite(source) as Record<string, unknown>;
  for (let name = queue.shift(); name !== undefined; name = queue.shift()) {
    copied.set(name, rewrite(contract.at(`${LOCAL_SCHEMAS}${name}`)));
  }
  const out: Record<string, unknown> = {
    $schema: bundled.$schema,
    $id: bundledId,
    $comment: 'Generated from fixtures.schema.json and spec/openapi.yaml by `npm run generate`: do not edit.',
  };
  for (const [key, value] of Object.entries(bundled)) if (!(key in out)) out[key] = value;
  const defs = { ...(bundled.$defs as Record<string, unknown>) };
  for (const name of [...copied.keys()].sort()) defs[`openapi.${name}`] = copied.get(name);
  out.$defs = defs;
  return out;
}
