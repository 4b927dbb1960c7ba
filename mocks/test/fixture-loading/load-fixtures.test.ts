import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { loadContract } from '../../../kit/contract/contract';
import { builtinFixturesPath } from '../../src/fixture-loading/fixtures-paths';
import { hashKey } from '../../src/core/fixture-model/hash-key';
import { loadFixtures } from '../../src/fixture-loading/load-fixtures';
import type { Fixtures } from '../../src/core/fixture-model/fixture-types';

const builtin = loadFixtures();
const isEmbeddings = (m: Fixtures['models'][number]): boolean =>
  m.model.architecture.output_modalities.includes('embeddings');
const entry = (id: string): Fixtures['models'][number] => {
  const found = builtin.models.find((m) => m.model.id === id);
  if (!found) throw new Error(`built-in fixtures lack ${id}`);
  return found;
};

describe('built-in fixtures', () => {
  it('loads from the file next to the module', () => {
    expect(path.isAbsolute(builtinFixturesPath())).toBe(true);
    expect(builtin.keys.length).toBe(3);
  });

  it('has at least 20 chat models and 5 embeddings models', () => {
    expect(builtin.models.filter((m) => !isEmbeddings(m)).length).toBeGreaterThanOrEqual(20);
    expect(builtin.models.filter(isEmbeddings).length).toBeGreaterThanOrEqual(5);
  });

  it('contains the well-known model ids', () => {
    const ids = builtin.models.map((m) => m.model.id);
    for (const id of [
      'openai/gpt-4o',
      'openai/gpt-4o-mini',
      'anthropic/claude-3.5-sonnet',
      'openai/o3-mini',
      'openrouter/auto',
      'openai/text-embedding-3-small',
      'openai/text-embedding-3-large',
      'google/gemini-2.0-flash-001',
      'meta-llama/llama-3.3-70b-instruct',
      'deepseek/deepseek-r1',
      'anthropic/claude-3.7-sonnet',
    ]) {
      expect(ids).toContain(id);
    }
  });

  it('prices models in USD per token as decimal strings', () => {
    expect(entry('openai/gpt-4o').model.pricing).toMatchObject({ prompt: '0.0000025', completion: '0.00001' });
    expect(entry('openai/text-embedding-3-small').model.pricing.prompt).toBe('0.00000002');
  });

  it('gives embeddings models the output modality embeddings and nothing else', () => {
    for (const m of builtin.models.filter(isEmbeddings)) {
      expect(m.model.architecture.output_modalities).toEqual(['embeddings']);
      expect(m.model.architecture.modality).toBe('text->embeddings');
    }
  });

  it('resolves the dashed alias of claude-3.5-sonnet and offers the model-specific variants', () => {
    expect(entry('anthropic/claude-3.5-sonnet').aliases).toContain('anthropic/claude-3-5-sonnet');
    expect(entry('meta-llama/llama-3.3-70b-instruct').variants).toContain('free');
    expect(entry('deepseek/deepseek-r1').variants).toContain('free');
    expect(entry('anthropic/claude-3.7-sonnet').variants).toContain('thinking');
  });

  it('gives reasoning models a reasoning block', () => {
    for (const id of ['openai/o3-mini', 'deepseek/deepseek-r1']) {
      expect(entry(id).model.reasoning).toMatchObject({ mandatory: true, default_enabled: true });
      expect(entry(id).model.supported_parameters).toContain('reasoning');
    }
    expect(entry('openai/gpt-4o').model.reasoning).toBeUndefined();
  });

  it('lets the router route to other models instead of providers', () => {
    const router = entry('openrouter/auto');
    expect(router.endpoints).toEqual([]);
    expect(router.routes_to).toContain('openai/gpt-4o');
  });

  it('defines the three demo keys with only sk-mock-management as a management key', () => {
    expect(builtin.keys.map((k) => [k.key, k.management])).toEqual([
      ['sk-mock-user', false],
      ['sk-mock-management', true],
      ['sk-mock-guarded', false],
    ]);
  });

  it('assigns the prompt-injection guardrail to the SHA-256 of sk-mock-guarded', () => {
    const guardrail = builtin.guardrails.find((g) => g.id === '00000000-0000-4000-8000-000000000001');
    const expected = createHash('sha256').update('sk-mock-guarded').digest('hex');
    expect(guardrail?.assigned_key_hashes).toEqual([expected]);
    expect(guardrail?.patterns).toEqual(['ignore all previous instructions']);
  });

  it('gives popular models several providers that differ in price, latency, throughput and quantization', () => {
    const endpoints = entry('meta-llama/llama-3.3-70b-instruct').endpoints;
    expect(endpoints.length).toBeGreaterThanOrEqual(4);
    expect(new Set(endpoints.map((e) => e.pricing.prompt)).size).toBeGreaterThan(2);
    expect(new Set(endpoints.map((e) => e.latency_ms)).size).toBeGreaterThan(2);
    expect(new Set(endpoints.map((e) => e.throughput_tps)).size).toBeGreaterThan(2);
    expect(new Set(endpoints.map((e) => e.quantization)).size).toBeGreaterThan(1);
  });

  it("has providers that deny data collection and providers that allow it among one model's endpoints", () => {
    const policy = new Map(builtin.providers.map((p) => [p.slug, p.data_collection]));
    const policies = entry('deepseek/deepseek-r1').endpoints.map((e) => policy.get(e.provider));
    expect(policies).toContain('deny');
    expect(policies).toContain('allow');
  });

  it('serves every model object valid against the contract Model schema', () => {
    const validate = loadContract().validator('#/components/schemas/Model');
    for (const m of builtin.models) {
      expect({ id: m.model.id, valid: validate(m.model), errors: validate.errors ?? null }).toEqual({
        id: m.model.id,
        valid: true,
        errors: null,
      });
    }
  });

  it('uses fixed creation times, none after the fixtures were written', () => {
    const written = Date.UTC(2026, 0, 1) / 1000;
    for (const m of builtin.models) expect(m.model.created).toBeLessThan(written);
  });
});

describe('docs/fixtures.md', () => {
  const doc = readFileSync(path.join(__dirname, '..', '..', '..', 'docs', 'fixtures.md'), 'utf8');

  it('lists every built-in model and script', () => {
    for (const m of builtin.models) expect(doc).toContain(`| \`${m.model.id}\` |`);
    for (const s of builtin.scripts) expect(doc).toContain(`| \`${s.name}\` |`);
  });

  it('states every built-in key with its hash', () => {
    for (const k of builtin.keys)
      expect(doc).toContain(
        `| \`${k.key}\` | ${k.management ? 'management' : 'ordinary'} | \`${k.user_id}\` | \`${hashKey(k.key)}\` |`,
      );
  });
});

describe('hashKey', () => {
  it('returns the lowercase hex SHA-256 of the key', () => {
    expect(hashKey('abc')).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
    expect(hashKey('sk-mock-guarded')).toBe('fbc6628a628fb527b97d522b3e7bebc100c07d7c8a6ac58e50afd0194d5b3198');
  });
});
