import type { FixtureProvider } from '../../../core/fixture-model/fixture-types';
import { GatewayError } from '../../../exchange/gateway-error';
import type { ModelCandidates } from './pick-model';
import type { ProviderPreferences } from '../answer/response-types';
import type { SpecDefaults } from '../../../core/spec-facts/spec-defaults';
import type { NoProvider, ProviderChoice } from './provider-for-model';
import { isProviderChoice, providerForModel } from './provider-for-model';

/**
 * The first candidate model with a qualifying provider. When none has one the request fails
 * (ProviderPreferences.data_collection: "if none qualifies the request fails"): 404, because no
 * endpoint exists for the model under these preferences — as the public gateway's "No endpoints
 * found" answer; the status is the mock's choice, as the spec does not say which — while 400
 * stays for malformed parameters. `error.metadata.rejected` tells, per model and provider, why.
 */
export function chooseProvider(
  models: ModelCandidates,
  preferences: ProviderPreferences | undefined,
  providers: readonly FixtureProvider[],
  stickySlug: string | undefined,
  defaults: SpecDefaults['provider'],
): ProviderChoice {
  const failures: NoProvider[] = [];
  for (const model of models.candidates) {
    const outcome = providerForModel(model, preferences, providers, stickySlug, defaults);
    if (isProviderChoice(outcome)) return outcome;
    failures.push(outcome);
  }
  const ids = failures.map((f) => f.model.model.id);
  throw new GatewayError(404, `No endpoints found for ${ids.join(', ')} that match the provider preferences`, {
    metadata: { rejected: Object.fromEntries(failures.map((f) => [f.model.model.id, f.rejected])) },
  });
}
