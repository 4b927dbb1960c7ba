import type { FixtureModel } from '../../../core/fixture-model/fixture-types';
import type { Plugin, RoutingPlugin } from '../answer/response-types';
import type { SpecDefaults } from '../../../core/spec-facts/spec-defaults';
import { pluginEnabled } from './plugin-enabled';

/**
 * How the routing plugins (AutoRouterPlugin, AutoBetaRouterPlugin, ParetoRouterPlugin) rank a
 * router's candidate models: the mock's own choice, as the spec describes what the knobs mean but
 * not how a gateway ranks. The catalog has no quality scores, so the mock uses price as the
 * quality proxy: dearer counts as better. Every rule is a pure function of the candidates'
 * catalog prices, so the choice is deterministic.
 *
 * - auto-router / auto-beta-router: candidates sorted dearest first (ties by id); the choice is
 *   the one at position round(tradeoff / maximum × (n − 1)), the maximum being the spec's for
 *   cost_quality_tradeoff (10): 0 picks the dearest (pure quality), the maximum the cheapest; the
 *   default (cost_quality_tradeoff's, 7) leans cheap.
 * - pareto-router: candidates sorted dearest first and cut into three tiers (high, medium, low,
 *   each ⌈n/3⌉); `min_coding_score` ≥ 0.66 → high, ≥ 0.33 → medium, else low, omitted → high;
 *   the choice is the cheapest model of that tier (by `price_source`: prompt price, or
 *   weighted_avg = (3 × prompt + completion) / 4). An empty tier falls back to the tier above.
 *
 * Returns the candidates with the choice first, then the rest dearest first (the fallbacks).
 */
export function rankForRouter(
  plugin: RoutingPlugin,
  candidates: readonly FixtureModel[],
  defaults: SpecDefaults['plugins'],
): FixtureModel[] {
  if (plugin.id === 'pareto-router') return paretoRank(plugin, candidates, defaults);
  const tradeoff = plugin.cost_quality_tradeoff ?? defaults.cost_quality_tradeoff[plugin.id];
  const sorted = dearestFirst(candidates, promptPlusCompletion);
  const index = Math.round((tradeoff / defaults.cost_quality_tradeoff_maximum[plugin.id]!) * (sorted.length - 1));
  return withFirst(sorted, index);
}

/** The routing plugins; other plugin ids do not choose models. An enabled one counts. */
export function isRoutingPlugin(plugin: Plugin, defaults: SpecDefaults['plugins']): plugin is RoutingPlugin {
  return (
    (plugin.id === 'auto-router' || plugin.id === 'auto-beta-router' || plugin.id === 'pareto-router') &&
    pluginEnabled(plugin, defaults)
  );
}

function paretoRank(
  plugin: Extract<RoutingPlugin, { id: 'pareto-router' }>,
  candidates: readonly FixtureModel[],
  defaults: SpecDefaults['plugins'],
): FixtureModel[] {
  const source = plugin.price_source ?? defaults.price_source[plugin.id];
  const sorted = dearestFirst(candidates, source === 'weighted_avg' ? weightedAverage : promptPrice);
  const size = Math.ceil(sorted.length / 3);
  // ParetoRouterPlugin.min_coding_score: omitted means the highest tier (no default value).
  const score = plugin.min_coding_score;
  let tier = score === undefined || score >= 0.66 ? 0 : score >= 0.33 ? 1 : 2;
  while (tier > 0 && tier * size >= sorted.length) tier--;
  const tierEnd = Math.min((tier + 1) * size, sorted.length);
  return withFirst(sorted, tierEnd - 1);
}

function dearestFirst(models: readonly FixtureModel[], price: (m: FixtureModel) => number): FixtureModel[] {
  return [...models].sort((a, b) => price(b) - price(a) || a.model.id.localeCompare(b.model.id));
}

function withFirst(sorted: FixtureModel[], index: number): FixtureModel[] {
  const chosen = sorted[index];
  return chosen === undefined ? sorted : [chosen, ...sorted.filter((_, i) => i !== index)];
}

function promptPrice(entry: FixtureModel): number {
  return Number(entry.model.pricing.prompt);
}

function promptPlusCompletion(entry: FixtureModel): number {
  return Number(entry.model.pricing.prompt) + Number(entry.model.pricing.completion);
}

function weightedAverage(entry: FixtureModel): number {
  return (3 * Number(entry.model.pricing.prompt) + Number(entry.model.pricing.completion)) / 4;
}
