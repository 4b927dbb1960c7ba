/**
 * The shipped setup (mocks/src/runtimes/browser/shipped-setup.ts) bundled as a frontend build bundles it
 * and run where there is no Node: no `require`, no `process`, no file system. It must hold what
 * the Node start loads from files, the same.
 */
import vm from 'node:vm';
import { loadContract, loadFixtures } from '../../../index';
import { listOperations } from '../../../../kit/contract/operations';
import { bundleWithSetup } from './bundle-with-setup';

interface Loaded {
  pointers: number;
  rejected: unknown;
  accepted: boolean;
  fixtures: unknown;
}

const RESPONSES_BODY = '#/paths/~1responses/post/requestBody/content/application~1json/schema';

let loaded: Loaded;

beforeAll(async () => {
  const script = await bundleWithSetup(`
    import { shippedSetup } from './mocks/src/runtimes/browser/shipped-setup';
    const setup = shippedSetup();
    const validate = setup.validators.get(${JSON.stringify(RESPONSES_BODY)});
    const fixtures = setup.builtinFixtures();
    globalThis.loaded = {
      pointers: setup.validators.size,
      rejected: validate({ model: 42 }) ? null : validate.errors,
      accepted: validate({ model: 'openai/gpt-4o', input: 'hello' }),
      fixtures,
    };
  `);
  const sandbox: Record<string, unknown> = { structuredClone };
  vm.runInNewContext(script, sandbox);
  loaded = sandbox.loaded as Loaded;
}, 60_000);

describe('the shipped setup in a bundle with no Node', () => {
  it('has a request validator for every JSON body and parameter, and they decide as the Node ones do', () => {
    const contract = loadContract();
    const validate = contract.validator(RESPONSES_BODY);
    const pointers = new Set<string>();
    for (const operation of listOperations(contract)) {
      for (const parameter of operation.parameters) pointers.add(parameter.schemaPointer);
      for (const pointer of operation.requestBody?.content.values() ?? []) pointers.add(pointer);
    }
    expect(loaded.pointers).toBe(pointers.size);
    expect(validate({ model: 42 })).toBe(false);
    expect(loaded.rejected).toEqual(validate.errors);
    expect(loaded.accepted).toBe(true);
  });

  it('holds the built-in fixtures as loading them from the file gives', () => {
    expect(JSON.parse(JSON.stringify(loaded.fixtures))).toEqual(loadFixtures());
  });
});
