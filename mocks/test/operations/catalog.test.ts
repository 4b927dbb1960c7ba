import request from 'supertest';
import { loadContract } from '../../../kit/contract/contract';
import { loadFixtures } from '../../src/fixture-loading/load-fixtures';
import { UNIVERSAL_VARIANTS } from '../../../kit/catalog/model-kinds';
import { useMock } from '../helpers/start-mock';
import { bearer, responseExample, specNumber, USER_KEY } from '../helpers/sample-requests';

const contract = loadContract();
const fixtures = loadFixtures();
const started = useMock({ contract, fixtures });

const isEmbeddings = (m: (typeof fixtures.models)[number]): boolean =>
  m.model.architecture.output_modalities.includes('embeddings');
const embeddingIds = fixtures.models.filter(isEmbeddings).map((m) => m.model.id);
const chatModels = fixtures.models.filter((m) => !isEmbeddings(m));

// Bounds and default of the paging parameters, from the spec (parameters Offset and Limit).
const limitMin = specNumber(contract, '#/components/parameters/Limit/schema/minimum');
const limitMax = specNumber(contract, '#/components/parameters/Limit/schema/maximum');
const limitDefault = specNumber(contract, '#/components/parameters/Limit/schema/default');
const offsetMin = specNumber(contract, '#/components/parameters/Offset/schema/minimum');

const get = (path: string) => request(started().mock.server).get(`/api/v1${path}`).set(bearer(USER_KEY));
const ids = (body: { data: Array<{ id: string }> }): string[] => body.data.map((m) => m.id);
const nextLink = (offset: number, limit: number): string => `/api/v1/embeddings/models?offset=${offset}&limit=${limit}`;

describe('GET /embeddings/models (listEmbeddingsModels)', () => {
  it('serves at least 5 embeddings models from the built-in fixtures', () => {
    expect(embeddingIds.length).toBeGreaterThanOrEqual(5);
  });

  it('returns the full list with links.next null and total_count when offset and limit are omitted', async () => {
    const res = await get('/embeddings/models');
    expect(res.status).toBe(200);
    expect(ids(res.body)).toEqual(embeddingIds);
    expect(res.body.links).toEqual({ next: null });
    expect(res.body.total_count).toBe(embeddingIds.length);
  });

  it('lists only models whose output modality is embeddings', async () => {
    const res = await get('/embeddings/models');
    for (const model of res.body.data as Array<{ architecture: { output_modalities: string[] } }>) {
      expect(model.architecture.output_modalities).toContain('embeddings');
    }
  });

  const n = embeddingIds.length;
  it.each([
    ['the first page of 2', { given: 'offset=0&limit=2', want: { from: 0, to: 2, next: nextLink(2, 2) } }],
    ['a middle page', { given: 'offset=2&limit=2', want: { from: 2, to: 4, next: nextLink(4, 2) } }],
    ['the last page exactly', { given: `offset=${n - 2}&limit=2`, want: { from: n - 2, to: n, next: null } }],
    ['a page that runs past the end', { given: `offset=${n - 1}&limit=5`, want: { from: n - 1, to: n, next: null } }],
    ['an offset past the end', { given: `offset=${n + 10}&limit=2`, want: { from: n, to: n, next: null } }],
    [
      `limit ${limitMin} (the minimum)`,
      { given: `limit=${limitMin}`, want: { from: 0, to: limitMin, next: nextLink(limitMin, limitMin) } },
    ],
    [`limit ${limitMax} (the maximum)`, { given: `limit=${limitMax}`, want: { from: 0, to: n, next: null } }],
    [
      `offset ${offsetMin} (the minimum) alone, with the default limit ${limitDefault}`,
      {
        given: `offset=${offsetMin}`,
        want: { from: offsetMin, to: Math.min(n, offsetMin + limitDefault), next: null },
      },
    ],
    ['only offset', { given: 'offset=3', want: { from: 3, to: n, next: null } }],
  ])('pages %s', async (_name, { given, want }) => {
    const res = await get(`/embeddings/models?${given}`);
    expect(res.status).toBe(200);
    expect(ids(res.body)).toEqual(embeddingIds.slice(want.from, want.to));
    expect(res.body.links).toEqual({ next: want.next });
    expect(res.body.total_count).toBe(n);
  });

  it('follows links.next through every model exactly once', async () => {
    const seen: string[] = [];
    let next: string | null = '/api/v1/embeddings/models?limit=3';
    for (let pages = 0; next !== null; pages++) {
      expect(pages).toBeLessThan(n);
      const res = await request(started().mock.server).get(next).set(bearer(USER_KEY));
      expect(res.status).toBe(200);
      seen.push(...ids(res.body));
      next = res.body.links.next as string | null;
    }
    expect(seen).toEqual(embeddingIds);
  });

  it.each([
    [`limit ${limitMin - 1}`, { given: `limit=${limitMin - 1}`, want: { field: 'query.limit', rule: 'minimum' } }],
    [`limit ${limitMax + 1}`, { given: `limit=${limitMax + 1}`, want: { field: 'query.limit', rule: 'maximum' } }],
    ['a negative limit', { given: 'limit=-1', want: { field: 'query.limit', rule: 'minimum' } }],
    [`offset ${offsetMin - 1}`, { given: `offset=${offsetMin - 1}`, want: { field: 'query.offset', rule: 'minimum' } }],
    ['a fractional limit', { given: 'limit=1.5', want: { field: 'query.limit', rule: 'type' } }],
    ['a limit written with a decimal point', { given: 'limit=10.0', want: { field: 'query.limit', rule: 'type' } }],
    ['a limit in exponent notation', { given: 'limit=1e2', want: { field: 'query.limit', rule: 'type' } }],
    ['a hexadecimal limit', { given: 'limit=0x10', want: { field: 'query.limit', rule: 'type' } }],
    ['a limit with a leading space', { given: 'limit=%2010', want: { field: 'query.limit', rule: 'type' } }],
    ['a word as offset', { given: 'offset=abc', want: { field: 'query.offset', rule: 'type' } }],
    ['an empty offset', { given: 'offset=', want: { field: 'query.offset', rule: 'type' } }],
    ['a huge limit', { given: 'limit=99999999999999999999', want: { field: 'query.limit', rule: 'maximum' } }],
  ])('returns 400 naming the parameter and the rule for %s', async (_name, { given, want }) => {
    const res = await get(`/embeddings/models?${given}`);
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe(400);
    expect(res.body.error.message).toContain(want.field);
    expect(res.body.error.message).toContain(`(${want.rule})`);
    expect(res.body.error.metadata.errors).toContainEqual(expect.objectContaining(want));
  });

  it('ignores query parameters the operation does not define', async () => {
    const res = await get('/embeddings/models?page=2');
    expect(res.status).toBe(200);
    expect(res.body.links.next).toBeNull();
  });
});

describe('GET /model/{author}/{slug} (getModel)', () => {
  it('serves at least 20 chat models, each by its id', async () => {
    expect(chatModels.length).toBeGreaterThanOrEqual(20);
    for (const entry of chatModels) {
      const res = await get(`/model/${entry.model.id}`);
      expect(res.status).toBe(200);
      expect(res.body.data.id).toBe(entry.model.id);
    }
  });

  it('returns { data: model } equal to the spec example for openai/gpt-4o', async () => {
    const res = await get('/model/openai/gpt-4o');
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.body).toEqual(
      responseExample(contract, '/model/{author}/{slug}', 'get', '200', 'application/json', 'gpt4o'),
    );
  });

  it.each([
    [
      'a model-specific :free variant',
      { given: 'meta-llama/llama-3.3-70b-instruct:free', want: 'meta-llama/llama-3.3-70b-instruct:free' },
    ],
    [
      'a percent-encoded colon (%3A)',
      { given: 'meta-llama/llama-3.3-70b-instruct%3Afree', want: 'meta-llama/llama-3.3-70b-instruct:free' },
    ],
    [
      'a lower-case percent-encoded colon (%3a)',
      { given: 'deepseek/deepseek-r1%3afree', want: 'deepseek/deepseek-r1:free' },
    ],
    [
      'the :thinking variant of claude-3.7-sonnet',
      { given: 'anthropic/claude-3.7-sonnet:thinking', want: 'anthropic/claude-3.7-sonnet:thinking' },
    ],
    ['the :extended variant of gpt-4o', { given: 'openai/gpt-4o:extended', want: 'openai/gpt-4o:extended' }],
    ...UNIVERSAL_VARIANTS.map(
      (variant) =>
        [
          `the universal :${variant} variant`,
          { given: `openai/gpt-4o-mini:${variant}`, want: `openai/gpt-4o-mini:${variant}` },
        ] as [string, { given: string; want: string }],
    ),
    [
      'the dashed alias of claude-3.5-sonnet',
      { given: 'anthropic/claude-3-5-sonnet', want: 'anthropic/claude-3.5-sonnet' },
    ],
    ['a dated alias', { given: 'anthropic/claude-3-5-sonnet-20241022', want: 'anthropic/claude-3.5-sonnet' }],
    [
      'an alias with a variant',
      { given: 'anthropic/claude-3-5-sonnet%3Anitro', want: 'anthropic/claude-3.5-sonnet:nitro' },
    ],
  ])('resolves %s', async (_name, { given, want }) => {
    const res = await get(`/model/${given}`);
    expect(res.status).toBe(200);
    expect(res.body.data.id).toBe(want);
  });

  it('prices the :free variant at zero and keeps the base model otherwise', async () => {
    const base = (await get('/model/meta-llama/llama-3.3-70b-instruct')).body.data;
    const free = (await get('/model/meta-llama/llama-3.3-70b-instruct:free')).body.data;
    expect(free.pricing).toEqual({ prompt: '0', completion: '0', image: '0', request: '0' });
    expect(free.canonical_slug).toBe(base.canonical_slug);
    expect(free.context_length).toBe(base.context_length);
  });

  it('answers every spelling of an id alike, the first time and again', async () => {
    const spellings = ['openai/gpt-4o', 'OpenAI/GPT-4o', 'openai/GPT-4O', 'openai/gpt-4o', 'OpenAI/GPT-4o'];
    const bodies = [];
    for (const id of spellings) {
      const res = await get(`/model/${id}`);
      expect(res.status).toBe(200);
      bodies.push(res.body);
    }
    expect(new Set(bodies.map((b) => JSON.stringify(b))).size).toBe(1);
    expect(bodies[0].data.id).toBe('openai/gpt-4o');
    expect((await get('/model/openai/gpt-4o:free')).status).toBe(404);
    expect((await get('/model/meta-llama/llama-3.3-70b-instruct:FREE')).body.data.id).toBe(
      'meta-llama/llama-3.3-70b-instruct:free',
    );
  });

  it('serves the alias with the canonical model object', async () => {
    const viaAlias = await get('/model/anthropic/claude-3-5-sonnet');
    expect(viaAlias.body).toEqual(
      responseExample(contract, '/model/{author}/{slug}', 'get', '200', 'application/json', 'claudeSonnet'),
    );
  });

  it.each([
    ['an unknown slug', { given: 'openai/gpt-does-not-exist' }],
    ['an unknown author', { given: 'nobody/gpt-4o' }],
    ['a variant the model does not offer', { given: 'openai/gpt-4o:free' }],
    ['an unknown variant', { given: 'openai/gpt-4o:turbo' }],
    ['an empty variant', { given: 'openai/gpt-4o:' }],
    ['a slug that is not valid percent-encoding', { given: 'openai/gpt-4o%E0%A4%A' }],
  ])('returns 404 in the envelope for %s', async (_name, { given }) => {
    const res = await get(`/model/${given}`);
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ error: { code: 404, message: expect.stringContaining('not found') } });
  });

  it('names the model in the 404 message', async () => {
    const res = await get('/model/openai/gpt-does-not-exist');
    expect(res.body.error.message).toContain('openai/gpt-does-not-exist');
  });
});
