import type { FixtureModel } from '../../../core/fixture-model/fixture-types';
import type { Catalog, ResolvedModel } from '../../../core/state/catalog';
import { SemanticRuleError } from '../../semantic-rule-error';
import type { ResponseRequest, RoutingPlugin } from '../answer/response-types';
import { modelPattern } from './model-patterns';
import { isEmbeddingsModel, UNIVERSAL_VARIANTS } from '../../../../../kit/catalog/model-kinds';
import { isRoutingPlugin, rankForRouter } from './router-choice';
import type { SpecDefaults } from '../../../core/spec-facts/spec-defaults';

/** The models a request may be served by, in the order they are tried. */
export interface ModelCandidates {
  /** What the caller asked for first (ServiceMetadata `requested`). */
  readonly requested: string;
  /** Concrete models (routers expanded), first choice first. */
  readonly candidates: readonly ResolvedModel[];
  /** The routing plugin or router that chose, when one did. */
  readonly chosenBy: string | undefined;
}

/**
 * `model`, then the `models` fallback list (ResponseRequest). Every id named must exist: an unknown
 * id, or an embeddings model, is a 400 naming it. A router model (one with `routes_to`, or
 * without endpoints) expands into its candidates, ranked by the first enabled routing plugin
 * (AutoRouterPlugin, AutoBetaRouterPlugin, ParetoRouterPlugin) when there is one. A request
 * without any model has such a plugin (the schema says so), which routes through the catalog's router.
 */
export function pickModels(
  body: ResponseRequest,
  catalog: Catalog,
  defaults: SpecDefaults['plugins'],
): ModelCandidates {
  const plugin = body.plugins?.find((p): p is RoutingPlugin => isRoutingPlugin(p, defaults));
  const names = [...(body.model === undefined ? [] : [body.model]), ...(body.models ?? [])];
  // ResponseRequest's anyOf lets a request name no model only beside an enabled routing plugin:
  // the catalog's router then chooses, or in a catalog without one the plugin ranks every chat model.
  if (names.length === 0) {
    const router = catalog.chat.find(isRouter);
    if (!router) {
      const candidates = routerCandidates(undefined, plugin, catalog, defaults);
      return { requested: plugin?.id ?? '', candidates, chosenBy: plugin?.id };
    }
    names.push(router.model.id);
  }
  const seen = new Set<string>();
  const candidates: ResolvedModel[] = [];
  let chosenBy: string | undefined;
  for (const name of names) {
    const resolved = resolveChatModel(catalog, name);
    const router = isRouter(resolved.entry);
    const expanded = router ? routerCandidates(resolved, plugin, catalog, defaults) : [resolved];
    if (router) chosenBy ??= plugin?.id ?? resolved.entry.model.id;
    for (const candidate of expanded) {
      if (seen.has(candidate.model.id)) continue;
      seen.add(candidate.model.id);
      candidates.push(candidate);
    }
  }
  return { requested: names[0] ?? '', candidates, chosenBy };
}

export function isRouter(entry: FixtureModel): boolean {
  return entry.routes_to !== undefined || entry.endpoints.length === 0;
}

function resolveChatModel(catalog: Catalog, id: string): ResolvedModel {
  const resolved = catalog.resolve(id);
  if (!resolved)
    throw new SemanticRuleError('unknownModel', `${id} is not a valid model ID${authorHint(catalog, id)}`, {
      model: id,
    });
  if (isEmbeddingsModel(resolved.model)) {
    throw new SemanticRuleError('embeddingsModel', `${id} is an embeddings model and cannot create responses`, {
      model: id,
    });
  }
  return resolved;
}

/** For an id without its author (`gpt-4o`, as OpenAI's own API names it), the catalog ids it may mean. */
function authorHint(catalog: Catalog, id: string): string {
  if (id.includes('/')) return '';
  const meant = catalog.chat.map((entry) => entry.model.id).filter((known) => known.endsWith(`/${id}`));
  return meant.length === 0 ? '' : `: model IDs name their author, e.g. ${meant.slice(0, 3).join(', ')}`;
}

/**
 * A router's candidates: the models matching the plugin's `allowed_models`, else the router's
 * `routes_to` list, else every chat model with endpoints. A universal variant on the router
 * (`:nitro`, `:floor`, `:online`) carries over to the chosen model. Without a router (a catalog
 * that has none), the plugin alone chooses.
 */
function routerCandidates(
  router: ResolvedModel | undefined,
  plugin: RoutingPlugin | undefined,
  catalog: Catalog,
  defaults: SpecDefaults['plugins'],
): ResolvedModel[] {
  const allowed = plugin && 'allowed_models' in plugin ? (plugin.allowed_models ?? []) : [];
  let pool: FixtureModel[];
  if (allowed.length > 0) {
    const patterns = allowed.map(modelPattern);
    pool = catalog.chat.filter((e) => !isRouter(e) && patterns.some((matches) => matches(e.model.id)));
    if (pool.length === 0) {
      throw new SemanticRuleError(
        'allowedModelsUnmatched',
        `No model matches allowed_models ${JSON.stringify(allowed)} of the ${plugin?.id} plugin`,
        { allowed_models: allowed },
      );
    }
  } else if (router?.entry.routes_to) {
    pool = router.entry.routes_to.flatMap((id) => catalog.resolve(id)?.entry ?? []).filter((e) => !isRouter(e));
  } else {
    pool = catalog.chat.filter((e) => !isRouter(e));
  }
  const ranked = plugin ? rankForRouter(plugin, pool, defaults) : pool;
  const variant =
    router?.variant !== undefined && UNIVERSAL_VARIANTS.includes(router.variant) ? `:${router.variant}` : '';
  return ranked.flatMap((entry) => catalog.resolve(`${entry.model.id}${variant}`) ?? []);
}
