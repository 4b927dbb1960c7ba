/**
 * The core as a browser or worker build mounts it: an already-loaded setup, the fetch adapter,
 * and no Prism. Prefer scenarios then answer one line saying where they run, never a stack trace.
 */
import { loadContract } from '../../../../kit/contract/contract';
import { loadFixtures } from '../../../src/fixture-loading/load-fixtures';
import { createMockCore, fetchAdapter } from '../../../index';
import type * as MockIndex from '../../../index';
import { PREFER_NEEDS_NODE } from '../../../src/core/stages/prefer/prefer-unavailable';
import { USER_KEY } from '../../helpers/sample-requests';

const contract = loadContract();
const handle = fetchAdapter(createMockCore({ contract, fixtures: loadFixtures(undefined, contract) }));
const model = (headers: Record<string, string> = {}) =>
  handle(
    new Request('http://mock.test/api/v1/model/openai/gpt-4o', {
      headers: { authorization: `Bearer ${USER_KEY}`, ...headers },
    }),
  );

describe('the core without the node side', () => {
  it('answers the ordinary path', async () => {
    const res = await model();
    expect(res.status).toBe(200);
    expect(((await res.json()) as { data: { id: string } }).data.id).toBe('openai/gpt-4o');
  });

  it.each(['code=404', 'example=gpt4o', 'dynamic=true'])(
    'answers Prefer: %s with one line saying the scenarios need the node server',
    async (prefer) => {
      const res = await model({ prefer });
      expect(res.status).toBe(501);
      expect(await res.json()).toEqual({ error: { code: 501, message: PREFER_NEEDS_NODE } });
      expect(PREFER_NEEDS_NODE).not.toContain('\n');
    },
  );

  it('takes the ordinary path for a Prefer header without scenario controls', async () => {
    expect((await model({ prefer: 'return=minimal' })).status).toBe(200);
  });
});

describe('the Prism-backed Prefer where Prism cannot be loaded', () => {
  it('answers the same one line instead of failing', async () => {
    let isolated: typeof MockIndex | undefined;
    jest.isolateModules(() => {
      jest.doMock('@stoplight/prism-http', () => {
        throw new Error('Cannot find module @stoplight/prism-http');
      });
      // eslint-disable-next-line @typescript-eslint/no-require-imports -- a module registry of its own, where Prism is missing
      isolated = require('../../../index') as typeof MockIndex;
    });
    const res = await isolated!.createFetchHandler({ contract })(
      new Request('http://mock.test/api/v1/model/openai/gpt-4o', {
        headers: { authorization: `Bearer ${USER_KEY}`, prefer: 'code=404' },
      }),
    );
    expect(res.status).toBe(501);
    expect(await res.json()).toEqual({ error: { code: 501, message: PREFER_NEEDS_NODE } });
  });
});
