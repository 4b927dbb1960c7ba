import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { loadContract, SPEC_PATH } from '../../../kit/contract/contract';
import { pathValues } from '../../src/core/path-values';
import { startMock } from '../helpers/start-mock';
import type { StartedMock } from '../helpers/start-mock';
import { bearer, DEMO_GUARDRAIL_ID, MANAGEMENT_KEY, USER_KEY } from '../helpers/sample-requests';

/** spec/openapi.yaml with the path parameters renamed: `slug` → `model_slug`, `id` → `guardrail_id`. */
function renamedSpec(): string {
  const renames: Array<[RegExp, string]> = [
    [/^ {2}\/model\/\{author\}\/\{slug\}:$/m, '  /model/{author}/{model_slug}:'],
    [/^( {4}ModelSlug:\n {6}name:) slug$/m, '$1 model_slug'],
    [
      /^ {2}\/guardrails\/\{id\}\/assignments\/keys\/remove:$/m,
      '  /guardrails/{guardrail_id}/assignments/keys/remove:',
    ],
    [/^( {4}GuardrailId:\n {6}name:) id$/m, '$1 guardrail_id'],
  ];
  return renames.reduce(
    (text, [from, to]) => {
      if (!from.test(text)) throw new Error(`spec/openapi.yaml no longer has ${String(from)}`);
      return text.replace(from, to);
    },
    readFileSync(SPEC_PATH, 'utf8'),
  );
}

describe('path parameters read by the names of the spec being served', () => {
  let dir: string;
  let started: StartedMock;

  beforeAll(async () => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'mock-renamed-params-'));
    const specPath = path.join(dir, 'renamed.yaml');
    writeFileSync(specPath, renamedSpec());
    started = await startMock({ contract: loadContract(specPath) });
  });

  afterAll(async () => {
    await started.mock.close();
    rmSync(dir, { recursive: true, force: true });
  });

  afterEach(() => {
    expect(started.mock.responseViolations).toEqual([]);
  });

  it('answers GET /model/{author}/{model_slug} with the model', async () => {
    const res = await fetch(`${started.baseUrl}/model/openai/gpt-4o`, { headers: bearer(USER_KEY) });
    expect(res.status).toBe(200);
    expect(((await res.json()) as { data: { id: string } }).data.id).toBe('openai/gpt-4o');
  });

  it('names the author and the renamed slug in the 404 for an unknown model', async () => {
    const res = await fetch(`${started.baseUrl}/model/openai/no-such-model`, { headers: bearer(USER_KEY) });
    expect(res.status).toBe(404);
    expect(((await res.json()) as { error: { message: string } }).error.message).toMatch(
      /^Model openai\/no-such-model not found/,
    );
  });

  it('finds the guardrail of POST /guardrails/{guardrail_id}/assignments/keys/remove', async () => {
    const res = await fetch(`${started.baseUrl}/guardrails/${DEMO_GUARDRAIL_ID}/assignments/keys/remove`, {
      method: 'POST',
      headers: { ...bearer(MANAGEMENT_KEY), 'content-type': 'application/json' },
      body: JSON.stringify({ key_hashes: ['0'.repeat(64)] }),
    });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ unassigned_count: 0 });
  });
});

describe('pathValues', () => {
  it('lists the values in the order of the path template, whatever the names', () => {
    expect(
      pathValues({
        operation: { pathParamNames: ['author', 'model_slug'] },
        pathParams: { model_slug: 'gpt-4o', author: 'openai' },
      }),
    ).toEqual(['openai', 'gpt-4o']);
  });
});
