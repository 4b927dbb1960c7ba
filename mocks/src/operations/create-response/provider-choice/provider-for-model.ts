import type { FixtureEndpoint, FixtureProvider } from '../../../core/fixture-model/fixture-types';
import type { ResolvedModel } from '../../../core/state/catalog';
import type { ProviderPreferences } from '../answer/response-types';
import type { SpecDefaults } from '../../../core/spec-facts/spec-defaults';

/** The provider chosen for one model, with the qualifying endpoints in the order they rank. */
export interface ProviderChoice {
  readonly model: ResolvedModel;
  readonly endpoint: FixtureEndpoint;
  readonly provider: FixtureProvider;
  readonly ranked: readonly FixtureEndpoint[];
  /** `order` (provider.order given), `throughput` (:nitro), else `price` (cheapest first). */
  readonly strategy: 'order' | 'throughput' | 'price';
  /** True when the session's earlier provider was kept (ResponseRequest.session_id). */
  readonly sticky: boolean;
}

/** No endpoint qualified: the reason each one was dropped, by provider slug. */
export interface NoProvider {
  readonly model: ResolvedModel;
  readonly rejected: Readonly<Record<string, string>>;
}

/**
 * Provider preferences (ProviderPreferences) applied to a model's fixture endpoints:
 * 1. rank: `order` slugs first in the given order, then the rest; `:nitro` by throughput;
 *    otherwise by price (prompt + completion), ties in fixture order;
 * 2. `allow_fallbacks: false` keeps only the listed providers (with `order`) or only the
 *    primary, the first ranked (without);
 * 3. drop endpoints outside `only`, inside `ignore`, collecting data under `data_collection:
 *    deny`, with a quantization not in `quantizations`, or priced above `max_price` (prompt and
 *    completion per million tokens; fixture endpoints have no request, image or audio price);
 * 4. the session's provider when it still qualifies, else the first.
 */
export function providerForModel(
  model: ResolvedModel,
  preferences: ProviderPreferences | undefined,
  providers: readonly FixtureProvider[],
  stickySlug: string | undefined,
  defaults: SpecDefaults['provider'],
): ProviderChoice | NoProvider {
  const prefs = preferences ?? {};
  const order = prefs.order ?? [];
  const strategy = order.length > 0 ? 'order' : model.variant === 'nitro' ? 'throughput' : 'price';
  let ranked = rank(model.entry.endpoints, order, strategy);
  const rejected: Record<string, string> = {};
  if ((prefs.allow_fallbacks ?? defaults.allow_fallbacks) === false) {
    const kept = order.length > 0 ? ranked.filter((e) => order.includes(e.provider)) : ranked.slice(0, 1);
    for (const e of ranked)
      if (!kept.includes(e)) rejected[e.provider] = 'not a listed or primary provider and allow_fallbacks is false';
    ranked = kept;
  }
  const limits = priceLimits(prefs);
  const qualifying = ranked.filter((endpoint) => {
    const reason = disqualify(endpoint, prefs, providers, limits, defaults);
    if (reason !== undefined) rejected[endpoint.provider] = reason;
    return reason === undefined;
  });
  const stickyIndex = stickySlug === undefined ? -1 : qualifying.findIndex((e) => e.provider === stickySlug);
  const endpoint = qualifying[Math.max(stickyIndex, 0)];
  if (!endpoint) return { model, rejected };
  const provider = providers.find((p) => p.slug === endpoint.provider) ?? unknownProvider(endpoint.provider);
  return { model, endpoint, provider, ranked: qualifying, strategy, sticky: stickyIndex >= 0 };
}

export function isProviderChoice(outcome: ProviderChoice | NoProvider): outcome is ProviderChoice {
  return 'endpoint' in outcome;
}

function rank(endpoints: readonly FixtureEndpoint[], order: readonly string[], strategy: string): FixtureEndpoint[] {
  const byPreference = [...endpoints];
  if (strategy === 'throughput') byPreference.sort((a, b) => b.throughput_tps - a.throughput_tps);
  else byPreference.sort((a, b) => price(a) - price(b));
  if (order.length === 0) return byPreference;
  const listed = order.flatMap((slug) => byPreference.filter((e) => e.provider === slug));
  return [...listed, ...byPreference.filter((e) => !order.includes(e.provider))];
}

interface PriceLimits {
  readonly prompt: number | undefined;
  readonly completion: number | undefined;
}

/**
 * max_price values are decimal strings in USD per million tokens (ProviderMaxPrice, UsdAmount's
 * pattern: digits with at most one point, so always a number; too many digits read as Infinity, no limit).
 */
function priceLimits(prefs: ProviderPreferences): PriceLimits {
  const read = (field: 'prompt' | 'completion'): number | undefined => {
    const raw = prefs.max_price?.[field];
    return raw === undefined ? undefined : Number(raw);
  };
  return { prompt: read('prompt'), completion: read('completion') };
}

function disqualify(
  endpoint: FixtureEndpoint,
  prefs: ProviderPreferences,
  providers: readonly FixtureProvider[],
  limits: PriceLimits,
  defaults: SpecDefaults['provider'],
): string | undefined {
  const slug = endpoint.provider;
  if (prefs.only && prefs.only.length > 0 && !prefs.only.includes(slug)) return 'not in provider.only';
  if (prefs.ignore?.includes(slug)) return 'in provider.ignore';
  const dataCollection = prefs.data_collection ?? defaults.data_collection;
  if (dataCollection === 'deny' && providers.find((p) => p.slug === slug)?.data_collection !== 'deny') {
    return 'collects user data and data_collection is deny';
  }
  if (prefs.quantizations && prefs.quantizations.length > 0 && !prefs.quantizations.includes(endpoint.quantization)) {
    return `quantization ${endpoint.quantization} is not in provider.quantizations`;
  }
  // Compared per million tokens, with a tolerance for binary floating point.
  if (limits.prompt !== undefined && Number(endpoint.pricing.prompt) * 1e6 > limits.prompt + 1e-9) {
    return 'prompt price above provider.max_price.prompt';
  }
  if (limits.completion !== undefined && Number(endpoint.pricing.completion) * 1e6 > limits.completion + 1e-9) {
    return 'completion price above provider.max_price.completion';
  }
  return undefined;
}

function price(endpoint: FixtureEndpoint): number {
  return Number(endpoint.pricing.prompt) + Number(endpoint.pricing.completion);
}

function unknownProvider(slug: string): FixtureProvider {
  return { slug, name: slug, data_collection: 'allow', region: 'unknown' };
}
