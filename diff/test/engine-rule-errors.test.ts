import { readFileSync } from 'node:fs';
import { load as parseYaml } from 'js-yaml';
import { SPEC_PATH } from '../../kit/contract/contract';
import { diffSpecs } from '../diff-specs';
import { diffWithRuleErrors } from '../engine-rule-errors';

/** The spec with ServiceMetadata's description changed: the diff engine's `required` rule throws on it. */
function specs(): { before: unknown; after: unknown } {
  type Spec = { components: { schemas: { ServiceMetadata: { description: string } } } };
  const before = parseYaml(readFileSync(SPEC_PATH, 'utf8')) as Spec;
  const after = structuredClone(before);
  after.components.schemas.ServiceMetadata.description = 'Routing metadata, described in other words.';
  return { before, after };
}

describe("the diff engine's rule errors", () => {
  let printed: jest.SpyInstance;
  beforeEach(() => {
    printed = jest.spyOn(console, 'error').mockImplementation(() => undefined);
  });
  afterEach(() => printed.mockRestore());

  it('are collected, with the node and the message, instead of printed', () => {
    const { before, after } = specs();
    const { diffs, ruleErrors } = diffWithRuleErrors(structuredClone(before), structuredClone(after));
    expect(diffs.length).toBeGreaterThan(0);
    expect(ruleErrors.length).toBeGreaterThan(0);
    expect(ruleErrors[0]!.node).toMatch(/service_metadata/);
    expect(ruleErrors[0]!.message).not.toBe('');
    expect(printed).not.toHaveBeenCalled();
    expect(console.error).toBe(printed);
  });

  it('leave a reworded description a spec change without a breaking one, and print nothing', () => {
    const { before, after } = specs();
    const { changes } = diffSpecs(before, after);
    expect(changes.filter((change) => change.severity === 'breaking')).toEqual([]);
    expect(changes.some((change) => change.severity === 'annotation')).toBe(true);
    expect(printed).not.toHaveBeenCalled();
  });
});
