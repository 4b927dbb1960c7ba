import { closestName } from './closest-name';
import { ConfigError } from './config-error';

/**
 * Every feature `--require` names is one the run's spec marks (`x-feature`) or the core: a
 * mistyped name would otherwise require nothing and pass in silence.
 */
export function checkRequiredFeatures(required: readonly string[], features: readonly string[]): void {
  for (const name of required) {
    if (features.includes(name)) continue;
    const suggestion = closestName(name, features);
    throw new ConfigError(
      `--require ${name}: no such feature${suggestion === undefined ? '' : `; did you mean ${suggestion}?`} (the spec's features: ${features.join(', ')})`,
    );
  }
}
