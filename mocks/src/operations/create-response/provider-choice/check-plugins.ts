import type { Catalog } from '../../../core/state/catalog';
import { SemanticRuleError } from '../../semantic-rule-error';
import { isEmbeddingsModel } from '../../../../../kit/catalog/model-kinds';
import type { Plugin } from '../answer/response-types';
import type { SpecDefaults } from '../../../core/spec-facts/spec-defaults';
import { pluginEnabled } from './plugin-enabled';

/**
 * Plugin rules the schema cannot express (FusionPlugin): the models an enabled fusion plugin
 * names (`analysis_models`, `model`) must exist in the catalog as chat models. A 400 names the
 * first that does not. (The routing plugins' `allowed_models` are checked where they route.)
 */
export function checkPlugins(
  plugins: readonly Plugin[] | undefined,
  catalog: Catalog,
  defaults: SpecDefaults['plugins'],
): void {
  for (const plugin of plugins ?? []) {
    if (plugin.id !== 'fusion' || !pluginEnabled(plugin, defaults)) continue;
    const named = [...(plugin.analysis_models ?? []), ...(plugin.model === undefined ? [] : [plugin.model])];
    for (const id of named) {
      const resolved = catalog.resolve(id);
      if (!resolved || isEmbeddingsModel(resolved.model)) {
        throw new SemanticRuleError(
          'fusionModelUnknown',
          `The fusion plugin names ${id}, which is not a valid chat model ID`,
          {
            plugin: 'fusion',
            model: id,
          },
        );
      }
    }
  }
}
