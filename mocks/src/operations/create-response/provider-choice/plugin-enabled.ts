import type { Plugin } from '../answer/response-types';
import type { SpecDefaults } from '../../../core/spec-facts/spec-defaults';

/** A plugin takes part unless `enabled` says otherwise; left out, its kind's `enabled` default decides. */
export function pluginEnabled(plugin: Plugin, defaults: SpecDefaults['plugins']): boolean {
  return plugin.enabled ?? defaults.enabled[plugin.id];
}
