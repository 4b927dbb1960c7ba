import { readFileSync, writeFileSync } from 'node:fs';
import { load as parse, dump as stringify } from 'js-yaml';
import { AUTH, startWatchedMock } from './support';
import type { WatchedMock } from './support';

type FixturesJson = { models: Array<{ model: { id: string; name: string } }> };
type SpecJson = {
  info: { version: string };
  paths: Record<string, unknown>;
  components: { schemas: Record<string, unknown> };
};

function editFixtures(watched: WatchedMock, edit: (fixtures: FixturesJson) => void): void {
  const fixtures = JSON.parse(readFileSync(watched.fixturesPath, 'utf8')) as FixturesJson;
  edit(fixtures);
  writeFileSync(watched.fixturesPath, JSON.stringify(fixtures, null, 2));
}

function editSpec(watched: WatchedMock, edit: (spec: SpecJson) => void): void {
  const spec = parse(readFileSync(watched.specPath, 'utf8')) as SpecJson;
  edit(spec);
  writeFileSync(watched.specPath, stringify(spec));
}

async function modelName(watched: WatchedMock): Promise<string> {
  const res = await fetch(`${watched.origin}/api/v1/model/openai/gpt-4o`, { headers: AUTH });
  expect(res.status).toBe(200);
  return ((await res.json()) as { data: { name: string } }).data.name;
}

describe('npm start -- --watch', () => {
  let watched: WatchedMock;

  beforeEach(async () => {
    watched = await startWatchedMock();
  });
  afterEach(() => watched.stop());

  it('serves the edited fixtures after the fixtures file changes', async () => {
    expect(await modelName(watched)).toBe('OpenAI: GPT-4o');
    editFixtures(watched, (fixtures) => {
      const entry = fixtures.models.find((m) => m.model.id === 'openai/gpt-4o');
      if (!entry) throw new Error('built-in fixtures lost openai/gpt-4o');
      entry.model.name = 'GPT-4o, edited';
    });
    const event = await watched.nextEvent();
    expect(event.kind).toBe('reloaded');
    expect(await modelName(watched)).toBe('GPT-4o, edited');
  });

  it('serves the new spec after a valid spec change', async () => {
    editSpec(watched, (spec) => {
      spec.info.version = '1.0.1';
    });
    expect((await watched.nextEvent()).kind).toBe('reloaded');
    const res = await fetch(`${watched.origin}/__mock/openapi.json`);
    expect(((await res.json()) as { info: { version: string } }).info.version).toBe('1.0.1');
  });

  it('keeps serving the previous version and says why when the spec is not valid YAML', async () => {
    writeFileSync(watched.specPath, 'openapi: 3.1.0\npaths: [unclosed\n');
    const event = await watched.nextEvent();
    expect(event).toMatchObject({
      kind: 'rejected',
      reason: expect.stringMatching(/openapi\.yaml:3:1: not valid YAML: /),
    });
    expect(await modelName(watched)).toBe('OpenAI: GPT-4o');
    expect(
      (await fetch(`${watched.origin}/__mock/openapi.yaml`).then((r) => r.text())).startsWith(
        'openapi: 3.1.0\njsonSchemaDialect',
      ),
    ).toBe(true);
  });

  it('keeps the previous version when the new spec has an operation the mock has no handler for', async () => {
    editSpec(watched, (spec) => {
      spec.paths['/widgets'] = {
        get: { operationId: 'listWidgets', responses: { '200': { description: 'Widgets' } } },
      };
    });
    expect(await watched.nextEvent()).toMatchObject({
      kind: 'rejected',
      reason: `${watched.specPath}#/paths/~1widgets/get: the mock has no handler for the operation listWidgets (GET /widgets)`,
    });
    expect((await fetch(`${watched.origin}/api/v1/widgets`, { headers: AUTH })).status).toBe(404);
  });

  it('keeps the previous version when a schema no operation uses does not compile', async () => {
    editSpec(watched, (spec) => {
      spec.components.schemas.Draft = { type: 'string', maxLenght: 3 };
    });
    const event = await watched.nextEvent();
    expect(event).toMatchObject({
      kind: 'rejected',
      reason: expect.stringMatching(
        /^\S+openapi\.yaml#\/components\/schemas\/Draft\/maxLenght: unknown keyword "maxLenght" \(did you mean "maxLength"\?\)/,
      ),
    });
  });

  it('keeps the previous version and names the field when the fixtures are invalid', async () => {
    editFixtures(watched, (fixtures) => {
      (fixtures.models[0]!.model as { name: unknown }).name = 42;
    });
    const event = await watched.nextEvent();
    expect(event).toMatchObject({ kind: 'rejected', reason: expect.stringContaining('/models/0/model/name') });
    expect(await modelName(watched)).toBe('OpenAI: GPT-4o');
  });

  it('says when the files are back to the version being served', async () => {
    const original = readFileSync(watched.specPath, 'utf8');
    writeFileSync(watched.specPath, 'not: [yaml');
    expect((await watched.nextEvent()).kind).toBe('rejected');
    writeFileSync(watched.specPath, original);
    expect((await watched.nextEvent()).kind).toBe('restored');
  });

  it('does not rebuild, or reset the state, when a file is saved without a change', async () => {
    const before = watched.mock.current;
    writeFileSync(watched.fixturesPath, readFileSync(watched.fixturesPath));
    expect(await watched.nextQuiet()).toEqual([expect.stringMatching(/fixtures\.json$/)]);
    expect(watched.events).toEqual([]);
    expect(watched.mock.current).toBe(before);
  });
});

describe('npm start -- --watch with a stream in flight', () => {
  let watched: WatchedMock;

  beforeEach(async () => {
    watched = await startWatchedMock({ pacing: { firstTokenDelayMs: 500, tokensPerSecond: 15 } });
  });
  afterEach(() => watched.stop());

  it('finishes a stream that started before a reload on the mock that accepted it', async () => {
    const res = await fetch(`${watched.origin}/api/v1/responses`, {
      method: 'POST',
      headers: { ...AUTH, 'content-type': 'application/json' },
      body: JSON.stringify({ model: 'openai/gpt-4o', input: 'hello', stream: true }),
    });
    expect(res.status).toBe(200);
    let streamEnded = false;
    const text = res.text().finally(() => {
      streamEnded = true;
    });
    editFixtures(watched, (fixtures) => {
      fixtures.models[0]!.model.name = 'renamed mid-stream';
    });
    expect((await watched.nextEvent()).kind).toBe('reloaded');
    expect(streamEnded).toBe(false);
    const body = await text;
    expect(body).toContain('"type":"response.completed"');
    expect(body.trimEnd().endsWith('data: [DONE]')).toBe(true);
  });

  it('ends a stream of the reloaded mock with response.failed when the server shuts down', async () => {
    editFixtures(watched, (fixtures) => {
      fixtures.models[0]!.model.name = 'reloaded before the stream';
    });
    expect((await watched.nextEvent()).kind).toBe('reloaded');
    const res = await fetch(`${watched.origin}/api/v1/responses`, {
      method: 'POST',
      headers: { ...AUTH, 'content-type': 'application/json' },
      body: JSON.stringify({ model: 'openai/gpt-4o', input: 'tell me a long story', stream: true }),
    });
    expect(res.status).toBe(200);
    const text = res.text();
    await watched.mock.close(100);
    const body = await text;
    expect(body).toContain('"message":"The mock gateway is shutting down');
    expect(body).toContain('"type":"response.failed"');
    expect(body.trimEnd().endsWith('data: [DONE]')).toBe(true);
  });
});
