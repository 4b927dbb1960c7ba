import { useMock } from '../../helpers/start-mock';
import { bearer, USER_KEY } from '../../helpers/sample-requests';
import { parseSse, readUntilFailure } from '../../helpers/stream-helpers';

const started = useMock();

beforeEach(() => started().mock.reset());

const json = { 'Content-Type': 'application/json' };

function addScenario(scenario: unknown): Promise<Response> {
  return fetch(`${started().origin}/__mock/scenarios`, {
    method: 'POST',
    headers: json,
    body: JSON.stringify(scenario),
  });
}

function createResponse(body: Record<string, unknown> = {}): Promise<Response> {
  return fetch(`${started().baseUrl}/responses`, {
    method: 'POST',
    headers: { ...bearer(USER_KEY), ...json },
    body: JSON.stringify({ model: 'openai/gpt-4o', input: 'Tell me a story about a lighthouse.', ...body }),
  });
}

const getModel = () => fetch(`${started().baseUrl}/model/openai/gpt-4o`, { headers: bearer(USER_KEY) });

describe('POST, GET and DELETE /__mock/scenarios', () => {
  it('adds a scenario, lists it with its use counts, and clears it', async () => {
    const added = await addScenario({
      match: { operation: 'createResponse' },
      times: 1,
      respond: { status: 429, headers: { 'retry-after': '0' } },
    });
    expect(added.status).toBe(201);
    expect(await added.json()).toMatchObject({ id: 'scenario-1', used: 0, remaining: 1 });
    expect((await createResponse()).status).toBe(429);
    expect((await createResponse()).status).toBe(200);
    const listed = await (await fetch(`${started().origin}/__mock/scenarios`)).json();
    expect(listed).toEqual({
      scenarios: [
        {
          id: 'scenario-1',
          used: 1,
          remaining: 0,
          scenario: {
            match: { operation: 'createResponse' },
            times: 1,
            respond: { status: 429, headers: { 'retry-after': '0' } },
          },
        },
      ],
    });
    expect((await fetch(`${started().origin}/__mock/scenarios`, { method: 'DELETE' })).status).toBe(200);
    expect(started().mock.scenarios.list()).toEqual([]);
  });

  it('answers a bad scenario with 400 in the error envelope, naming the field', async () => {
    const res = await addScenario({ match: { operation: 'createResponse' }, respond: { status: 99 } });
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ error: { code: 400, message: expect.stringContaining('/respond/status') } });
    expect(started().mock.scenarios.list()).toEqual([]);
  });

  it('answers a body that is not JSON with 400 in the error envelope', async () => {
    const res = await fetch(`${started().origin}/__mock/scenarios`, { method: 'POST', headers: json, body: '{' });
    expect(res.status).toBe(400);
    expect(((await res.json()) as { error: { message: string } }).error.message).toMatch(
      /^Bad scenario: the body is not JSON/,
    );
  });

  it('shares one book with mock.scenarios, and a reset clears it', async () => {
    started().mock.scenarios.add({ id: 'from-code', match: { operation: 'getModel' }, respond: { status: 503 } });
    const listed = (await (await fetch(`${started().origin}/__mock/scenarios`)).json()) as {
      scenarios: { id: string }[];
    };
    expect(listed.scenarios.map((s) => s.id)).toEqual(['from-code']);
    await fetch(`${started().origin}/__mock/reset`, { method: 'POST' });
    expect(started().mock.scenarios.list()).toEqual([]);
    expect((await getModel()).status).toBe(200);
  });
});

describe('a scenario step', () => {
  it('answers with the status, its headers and the error envelope with a readable message', async () => {
    started().mock.scenarios.add({
      match: { operation: 'createResponse' },
      respond: { status: 429, headers: { 'Retry-After': '7', 'X-RateLimit-Remaining': '0' } },
    });
    const res = await createResponse();
    expect(res.status).toBe(429);
    expect(res.headers.get('retry-after')).toBe('7');
    expect(res.headers.get('x-ratelimit-remaining')).toBe('0');
    expect(await res.json()).toEqual({
      error: { code: 429, message: 'Rate limit exceeded. Wait a moment and try again.' },
    });
  });

  it('applies to an operation answered by its URL alone, even one already seen', async () => {
    expect((await getModel()).status).toBe(200);
    started().mock.scenarios.add({
      match: { operation: 'getModel' },
      respond: { status: 503, message: 'Down for a bit' },
    });
    const res = await getModel();
    expect(res.status).toBe(503);
    expect(((await res.json()) as { error: { message: string } }).error.message).toBe('Down for a bit');
    expect((await getModel()).status).toBe(200);
  });

  it('leaves requests it does not match to the normal path', async () => {
    started().mock.scenarios.add({
      match: { operation: 'createResponse', model: 'openai/gpt-4o-mini' },
      respond: { status: 500 },
    });
    expect((await createResponse()).status).toBe(200);
    expect(started().mock.scenarios.list()[0]?.used).toBe(0);
  });

  it('resets the connection before any byte', async () => {
    started().mock.scenarios.add({ match: { operation: 'createResponse' }, respond: { network: 'reset' } });
    await expect(createResponse()).rejects.toThrow('fetch failed');
    expect((await createResponse()).status).toBe(200);
  });

  it('closes the connection in the middle of a JSON body', async () => {
    started().mock.scenarios.add({ match: { operation: 'createResponse' }, respond: { network: 'close-mid-body' } });
    const res = await createResponse();
    expect(res.status).toBe(200);
    await expect(res.text()).rejects.toThrow();
    const [entry] = started().mock.requests({ operation: 'createResponse' });
    expect(entry).toMatchObject({ scenario: 'scenario-1', aborted: true });
  });

  it('cuts a stream after N tokens with the error event and response.failed', async () => {
    started().mock.scenarios.add({
      match: { operation: 'createResponse', stream: true },
      respond: { cut: { afterTokens: 2 } },
    });
    const { events, done } = parseSse(await (await createResponse({ stream: true })).text());
    expect(events.filter((e) => e.type === 'response.output_text.delta')).toHaveLength(2);
    expect(events.slice(-2).map((e) => e.type)).toEqual(['error', 'response.failed']);
    expect(done).toBe(true);
    expect(started().mock.requests()[0]).toMatchObject({ stream: 'cut', scenario: 'scenario-1' });
  });

  it('drops a stream after N tokens with no terminal event', async () => {
    started().mock.scenarios.add({
      match: { operation: 'createResponse' },
      respond: { cut: { afterTokens: 2, end: 'drop' } },
    });
    const res = await createResponse({ stream: true });
    const { text, failure } = await readUntilFailure(res.body!);
    expect(failure).toEqual(expect.objectContaining({ message: 'terminated' }));
    expect(text).toContain('response.output_text.delta');
    expect(text).not.toMatch(/response\.completed|response\.failed|\[DONE\]/);
    expect(started().mock.requests()[0]).toMatchObject({ stream: 'cut', aborted: true });
  });

  it('passes the normal answer after its latency', async () => {
    started().mock.scenarios.add({ match: { operation: 'createResponse' }, respond: { latencyMs: 150 } });
    const res = await createResponse();
    expect(res.status).toBe(200);
    expect(((await res.json()) as { status: string }).status).toBe('completed');
    expect(started().mock.requests()[0]?.durationMs).toBeGreaterThanOrEqual(150);
  });

  it('paces a stream with its first-token delay', async () => {
    started().mock.scenarios.add({ match: { operation: 'createResponse' }, respond: { firstTokenDelayMs: 120 } });
    const { events } = parseSse(await (await createResponse({ stream: true })).text());
    expect(events.at(-1)?.type).toBe('response.completed');
    expect(started().mock.requests()[0]).toMatchObject({ stream: 'completed' });
    expect(started().mock.requests()[0]?.durationMs).toBeGreaterThanOrEqual(120);
  });
});
