/**
 * The mock's semantic 400s (mocks/src/operations/semantic-rule-error.ts) and the document's
 * (BadRequest examples marked `x-semantic-rule`) are one list: a rule the mock enforces but the
 * spec does not write down, or the other way round, fails here.
 */
import fs from 'node:fs';
import path from 'node:path';
import { loadContract } from '../../../kit/contract/contract';
import { semanticRules } from '../../../kit/contract/semantic-rules';
import { SEMANTIC_RULES } from '../../src/operations/semantic-rule-error';

const contract = loadContract();
const SOURCES = path.join(__dirname, '..', '..', 'src');

/**
 * Where a plain 400 may still be thrown: answers to a request its schema does not accept
 * (request-validator, read-body), and to the mock's own controls (Prefer, X-Mock-* headers),
 * which are not part of the API.
 */
const SCHEMA_OR_CONTROL_400 = [
  // The admin endpoints' own input (a scenario that is not valid: docs/testing.md).
  'core/stages/admin.ts',
  'core/scenarios/scenario-book.ts',
  'core/scenarios/validate-scenario.ts',
  'core/stages/request-validator.ts',
  'core/stages/read-body.ts',
  'core/stages/prefer/parse-prefer.ts',
  'prefer-examples/check-example.ts',
  'prefer-examples/prefer-handler.ts',
  'exchange/stream/control-header.ts',
];

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    return entry.isDirectory() ? sourceFiles(full) : entry.name.endsWith('.ts') ? [full] : [];
  });
}

describe('semantic 400 rules', () => {
  it('lists the same rules, for the same operations, in the mock and in the spec', () => {
    const spec = semanticRules(contract).map((rule) => [rule.id, rule.operationId]);
    expect(spec.sort()).toEqual(Object.entries(SEMANTIC_RULES).sort());
  });

  it('names every rule in the 400 answer description', () => {
    const description = contract.at<string>('#/components/responses/BadRequest/description');
    for (const id of Object.keys(SEMANTIC_RULES)) expect(description).toContain(`\`${id}\``);
  });

  it('throws no 400 outside the registry but for schema failures and the mock controls', () => {
    const plain = sourceFiles(SOURCES)
      .filter((file) => /new GatewayError\(\s*400\b/.test(fs.readFileSync(file, 'utf8')))
      .map((file) => path.relative(SOURCES, file).split(path.sep).join('/'));
    expect(plain.sort()).toEqual([...SCHEMA_OR_CONTROL_400].sort());
  });
});
