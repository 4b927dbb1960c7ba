import type { FixtureEndpoint, FixtureModel, FixtureProvider } from '../../../../src/core/fixture-model/fixture-types';
import { loadFixtures } from '../../../../src/fixture-loading/load-fixtures';
import { GatewayError } from '../../../../src/exchange/gateway-error';
import { chooseProvider } from '../../../../src/operations/create-response/provider-choice/choose-provider';
import { modelPattern } from '../../../../src/operations/create-response/provider-choice/model-patterns';
import { pickModels } from '../../../../src/operations/create-response/provider-choice/pick-model';
import type { ResponseRequest } from '../../../../src/operations/create-response/answer/response-types';
import type { ProviderChoice } from '../../../../src/operations/create-response/provider-choice/provider-for-model';
import {
  isProviderChoice,
  providerForModel,
} from '../../../../src/operations/create-response/provider-choice/provider-for-model';
import { Catalog } from '../../../../src/core/state/catalog';
import { SPEC_FACTS } from '../../../helpers/spec-facts';

const template = loadFixtures().models.find((m) => m.model.id === 'openai/gpt-4o') as FixtureModel;

function endpoint(provider: string, prompt: string, extra: Partial<FixtureEndpoint> = {}): FixtureEndpoint {
  return {
    provider,
    quantization: 'fp16',
    pricing: { prompt, completion: prompt },
    latency_ms: 100,
    throughput_tps: 50,
    context_length: 8000,
    ...extra,
  };
}

function entry(
  id: string,
  price: string,
  endpoints: FixtureEndpoint[],
  extra: Partial<FixtureModel> = {},
): FixtureModel {
  const model = {
    ...template.model,
    id,
    canonical_slug: id,
    pricing: { prompt: price, completion: price, image: '0', request: '0' },
  };
  return { model, aliases: [], variants: [], endpoints, ...extra };
}

const PROVIDERS: FixtureProvider[] = [
  { slug: 'alpha', name: 'Alpha', data_collection: 'deny', region: 'eu' },
  { slug: 'beta', name: 'Beta', data_collection: 'allow', region: 'us' },
  { slug: 'gamma', name: 'Gamma', data_collection: 'deny', region: 'us' },
];

const { defaults } = SPEC_FACTS;
const catalog = new Catalog(
  [
    entry('acme/big', '0.000004', [
      endpoint('alpha', '0.000004', { quantization: 'bf16', throughput_tps: 30 }),
      endpoint('beta', '0.000002', { quantization: 'fp8', throughput_tps: 90 }),
      endpoint('gamma', '0.000003', { quantization: 'fp8', throughput_tps: 60 }),
    ]),
    entry('acme/mid', '0.000002', [endpoint('alpha', '0.000002')]),
    entry('acme/small', '0.000001', [endpoint('beta', '0.000001')]),
    entry('other/tiny', '0.0000005', [endpoint('gamma', '0.0000005')]),
    entry('other/nano', '0.0000001', [endpoint('gamma', '0.0000001')]),
    entry('other/pico', '0.00000005', [endpoint('gamma', '0.00000005')]),
    entry('acme/router', '-1', [], {
      routes_to: ['acme/mid', 'acme/big', 'acme/small', 'other/tiny', 'other/nano', 'other/pico'],
    }),
  ],
  SPEC_FACTS.apiBasePath,
);

function route(request: ResponseRequest, sticky?: string): ProviderChoice {
  return chooseProvider(
    pickModels(request, catalog, defaults.plugins),
    request.provider,
    PROVIDERS,
    sticky,
    defaults.provider,
  );
}

function routeError(request: ResponseRequest): GatewayError {
  try {
    route(request);
  } catch (error) {
    if (error instanceof GatewayError) return error;
    throw error;
  }
  throw new Error('expected a GatewayError');
}

describe('provider routing (ProviderPreferences)', () => {
  it.each<[string, ResponseRequest, string]>([
    ['ranks by price by default', {}, 'beta'],
    ['follows provider.order', { provider: { order: ['gamma', 'alpha'] } }, 'gamma'],
    ['skips order entries that do not serve the model', { provider: { order: ['nobody', 'alpha'] } }, 'alpha'],
    ['keeps only the providers in provider.only', { provider: { only: ['alpha', 'gamma'] } }, 'gamma'],
    ['skips the providers in provider.ignore', { provider: { ignore: ['beta'] } }, 'gamma'],
    [
      'uses only non-collecting providers under data_collection deny',
      { provider: { data_collection: 'deny' } },
      'gamma',
    ],
    ['keeps only the listed quantizations', { provider: { quantizations: ['bf16'] } }, 'alpha'],
    [
      'drops endpoints above max_price per million tokens',
      { provider: { max_price: { prompt: '2.5' }, order: ['gamma'] } },
      'beta',
    ],
    ['ranks by throughput for the :nitro variant', { model: 'acme/big:nitro' }, 'beta'],
    ['falls back past listed providers when allowed', { provider: { order: ['alpha'], ignore: ['alpha'] } }, 'beta'],
  ])('%s', (_name, request, provider) => {
    expect(route({ model: 'acme/big', ...request }).provider.slug).toBe(provider);
  });

  it('treats max_price as USD per million tokens, inclusive', () => {
    expect(route({ model: 'acme/big', provider: { max_price: { prompt: '2', completion: '2' } } }).provider.slug).toBe(
      'beta',
    );
    expect(routeError({ model: 'acme/big', provider: { max_price: { prompt: '1.99' } } }).status).toBe(404);
  });

  it('uses only the listed providers when allow_fallbacks is false', () => {
    const error = routeError({
      model: 'acme/big',
      provider: { order: ['alpha'], ignore: ['alpha'], allow_fallbacks: false },
    });
    expect(error.status).toBe(404);
    expect(error.options.metadata).toEqual({
      rejected: {
        'acme/big': {
          alpha: 'in provider.ignore',
          beta: 'not a listed or primary provider and allow_fallbacks is false',
          gamma: 'not a listed or primary provider and allow_fallbacks is false',
        },
      },
    });
  });

  it('uses only the primary provider when allow_fallbacks is false without order', () => {
    expect(route({ model: 'acme/big', provider: { allow_fallbacks: false } }).provider.slug).toBe('beta');
    expect(routeError({ model: 'acme/big', provider: { allow_fallbacks: false, ignore: ['beta'] } }).status).toBe(404);
  });

  it('returns 404 naming the model when no provider qualifies', () => {
    const error = routeError({ model: 'acme/mid', provider: { data_collection: 'deny', ignore: ['alpha'] } });
    expect(error.status).toBe(404);
    expect(error.message).toBe('No endpoints found for acme/mid that match the provider preferences');
  });

  it('keeps a session on its provider while that provider qualifies', () => {
    const sticky = route({ model: 'acme/big' }, 'gamma');
    expect([sticky.provider.slug, sticky.sticky]).toEqual(['gamma', true]);
    expect(route({ model: 'acme/big', provider: { ignore: ['gamma'] } }, 'gamma').provider.slug).toBe('beta');
  });

  it('lists the qualifying endpoints in rank order', () => {
    const outcome = providerForModel(
      catalog.resolve('acme/big')!,
      { ignore: ['alpha'] },
      PROVIDERS,
      undefined,
      defaults.provider,
    );
    expect(isProviderChoice(outcome) && outcome.ranked.map((e) => e.provider)).toEqual(['beta', 'gamma']);
  });
});

describe('model choice', () => {
  it('answers with `model`, then the first available of `models`', () => {
    expect(route({ model: 'acme/mid' }).model.model.id).toBe('acme/mid');
    expect(route({ models: ['acme/mid', 'acme/small'] }).model.model.id).toBe('acme/mid');
    expect(route({ models: ['acme/mid', 'acme/small'], provider: { ignore: ['alpha'] } }).model.model.id).toBe(
      'acme/small',
    );
  });

  it('returns 400 naming an unknown model', () => {
    const error = routeError({ models: ['acme/mid', 'acme/missing'] });
    expect([error.status, error.message]).toEqual([400, 'acme/missing is not a valid model ID']);
  });

  it('names the catalog ids an id without its author may mean', () => {
    const error = routeError({ model: 'mid' });
    expect([error.status, error.message]).toEqual([
      400,
      'mid is not a valid model ID: model IDs name their author, e.g. acme/mid',
    ]);
  });

  it('routes a request naming no model through the catalog router (the schema lets it in with a routing plugin)', () => {
    expect(route({ input: 'hi', plugins: [{ id: 'auto-router', cost_quality_tradeoff: 0 }] }).model.model.id).toBe(
      'acme/big',
    );
  });

  it('lets the routing plugin rank every chat model when the catalog has no router', () => {
    const routerless = new Catalog(
      catalog.entries.filter((e) => e.routes_to === undefined),
      SPEC_FACTS.apiBasePath,
    );
    const body: ResponseRequest = { input: 'hi', plugins: [{ id: 'auto-router', cost_quality_tradeoff: 0 }] };
    const picked = pickModels(body, routerless, defaults.plugins);
    expect([picked.requested, picked.chosenBy, picked.candidates[0]?.model.id]).toEqual([
      'auto-router',
      'auto-router',
      'acme/big',
    ]);
  });

  it('routes through the router to the first of routes_to without a plugin', () => {
    expect(route({ model: 'acme/router' }).model.model.id).toBe('acme/mid');
  });

  it.each<[string, number, string]>([
    ['pure quality', 0, 'acme/big'],
    ['the default lean to cheap', 7, 'other/nano'],
    ['cheapest', 10, 'other/pico'],
  ])('lets the auto-router pick by cost_quality_tradeoff: %s', (_name, tradeoff, model) => {
    expect(
      route({ model: 'acme/router', plugins: [{ id: 'auto-router', cost_quality_tradeoff: tradeoff }] }).model.model.id,
    ).toBe(model);
  });

  it('ranks the auto-beta-router the same way and uses 7 by default', () => {
    expect(route({ model: 'acme/router', plugins: [{ id: 'auto-beta-router' }] }).model.model.id).toBe('other/nano');
  });

  it('limits the router to allowed_models patterns', () => {
    const plugins = [{ id: 'auto-router' as const, allowed_models: ['acme/*'], cost_quality_tradeoff: 10 }];
    expect(route({ model: 'acme/router', plugins }).model.model.id).toBe('acme/small');
  });

  it('returns 400 when allowed_models matches no model', () => {
    expect(
      routeError({ model: 'acme/router', plugins: [{ id: 'auto-router', allowed_models: ['nobody/*'] }] }).status,
    ).toBe(400);
  });

  it.each<[string, number | undefined, string]>([
    ['the high tier when omitted', undefined, 'acme/mid'],
    ['the high tier at 0.66', 0.66, 'acme/mid'],
    ['the medium tier at 0.33', 0.33, 'other/tiny'],
    ['the low tier below 0.33', 0.1, 'other/pico'],
  ])('lets the pareto-router pick the cheapest model of %s', (_name, score, model) => {
    const plugin =
      score === undefined
        ? { id: 'pareto-router' as const }
        : { id: 'pareto-router' as const, min_coding_score: score };
    expect(route({ model: 'acme/router', plugins: [plugin] }).model.model.id).toBe(model);
  });

  it('ignores a disabled routing plugin', () => {
    expect(
      route({ model: 'acme/router', plugins: [{ id: 'auto-router', enabled: false, cost_quality_tradeoff: 0 }] }).model
        .model.id,
    ).toBe('acme/mid');
  });

  it('routes through the router when only a routing plugin is given', () => {
    const choice = pickModels(
      { plugins: [{ id: 'auto-router', cost_quality_tradeoff: 0 }] },
      catalog,
      defaults.plugins,
    );
    expect([choice.requested, choice.candidates[0]?.model.id, choice.chosenBy]).toEqual([
      'acme/router',
      'acme/big',
      'auto-router',
    ]);
  });

  it('falls back to the next ranked model when the chosen one has no qualifying provider', () => {
    const request: ResponseRequest = {
      model: 'acme/router',
      plugins: [{ id: 'auto-router', cost_quality_tradeoff: 10 }],
      provider: { ignore: ['gamma'] },
    };
    expect(route(request).model.model.id).toBe('acme/big');
  });
});

describe('allowed_models patterns', () => {
  it.each<[string, string, boolean]>([
    ['acme/*', 'acme/big', true],
    ['acme/*', 'other/big', false],
    ['*/big', 'acme/big', true],
    ['*', 'any/thing', true],
    ['acme/b*g', 'acme/big', true],
    ['acme/b*g', 'acme/bag-x', false],
    ['ACME/Big', 'acme/big', true],
    ['acme/big', 'acme/bigger', false],
  ])('%s matches %s: %s', (pattern, id, want) => {
    expect(modelPattern(pattern)(id)).toBe(want);
  });
});
