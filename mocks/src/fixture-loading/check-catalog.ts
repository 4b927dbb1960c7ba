import type { FixturesIssue } from './fixtures-error';
import type { FixtureModel, Fixtures } from '../core/fixture-model/fixture-types';
import { UNIVERSAL_VARIANTS } from '../../../kit/catalog/model-kinds';
import { findDuplicates } from './find-duplicates';
import { modelDetailsPath } from '../core/spec-facts/api-paths';

/**
 * Checks on providers and models that the schema cannot express: unique slugs, ids and aliases,
 * endpoints naming known providers, router targets that exist, and model objects that agree
 * with themselves (ModelArchitecture.modality "input->output", ModelLinks.details, ModelReasoning).
 */
export function checkCatalog(fixtures: Fixtures, apiBasePath: string): FixturesIssue[] {
  const issues: FixturesIssue[] = [];
  issues.push(
    ...findDuplicates(
      fixtures.providers.map((p, i) => ({ path: `/providers/${i}/slug`, name: p.slug })),
      'provider slug',
    ),
  );

  // Ids and aliases share one namespace: GET /model resolves either (getModel; ModelSlug: known aliases resolve).
  const names = fixtures.models.flatMap((entry, m) => [
    { path: `/models/${m}/model/id`, name: entry.model.id },
    ...entry.aliases.map((alias, a) => ({ path: `/models/${m}/aliases/${a}`, name: alias })),
  ]);
  issues.push(...findDuplicates(names, 'model id or alias'));

  const providers = new Set(fixtures.providers.map((p) => p.slug));
  const modelNames = new Set(names.map((n) => n.name.toLowerCase()));
  fixtures.models.forEach((entry, m) =>
    issues.push(...checkModel(entry, `/models/${m}`, providers, modelNames, apiBasePath)),
  );
  return issues;
}

function checkModel(
  entry: FixtureModel,
  at: string,
  providers: Set<string>,
  modelNames: Set<string>,
  apiBasePath: string,
): FixturesIssue[] {
  const issues: FixturesIssue[] = [];
  const { model } = entry;
  const details = modelDetailsPath(apiBasePath, model.id);
  if (model.links.details !== details) {
    issues.push({
      path: `${at}/model/links/details`,
      message: `must be ${JSON.stringify(details)} (the model's endpoints listing)`,
    });
  }
  const { input_modalities: inputs, output_modalities: outputs, modality } = model.architecture;
  const expected = `${inputs.join('+')}->${outputs.join('+')}`;
  if (modality !== expected) {
    issues.push({
      path: `${at}/model/architecture/modality`,
      message: `must be ${JSON.stringify(expected)} to agree with input_modalities and output_modalities`,
    });
  }
  if (model.reasoning !== undefined) {
    if (!model.supported_parameters.includes('reasoning')) {
      issues.push({
        path: `${at}/model/supported_parameters`,
        message: 'must include "reasoning" because the model has a reasoning block',
      });
    }
    if (!model.reasoning.supported_efforts.includes(model.reasoning.default_effort)) {
      issues.push({ path: `${at}/model/reasoning/default_effort`, message: 'must be one of the supported_efforts' });
    }
  }
  entry.variants.forEach((variant, v) => {
    if (UNIVERSAL_VARIANTS.includes(variant)) {
      issues.push({
        path: `${at}/variants/${v}`,
        message: `lists ${JSON.stringify(variant)}, which applies to every model; list only model-specific variants`,
      });
    }
  });
  issues.push(
    ...findDuplicates(
      entry.endpoints.map((e, i) => ({ path: `${at}/endpoints/${i}/provider`, name: e.provider })),
      'provider',
    ),
  );
  entry.endpoints.forEach((endpoint, i) => {
    if (!providers.has(endpoint.provider)) {
      issues.push({
        path: `${at}/endpoints/${i}/provider`,
        message: `names unknown provider ${JSON.stringify(endpoint.provider)} (not in /providers)`,
      });
    }
  });
  (entry.routes_to ?? []).forEach((target, i) => {
    if (!modelNames.has(target.toLowerCase())) {
      issues.push({
        path: `${at}/routes_to/${i}`,
        message: `names unknown model ${JSON.stringify(target)} (not an id or alias in /models)`,
      });
    } else if (target.toLowerCase() === model.id.toLowerCase() || entry.aliases.includes(target)) {
      issues.push({ path: `${at}/routes_to/${i}`, message: 'names the router model itself' });
    }
  });
  if (entry.endpoints.length === 0 && entry.routes_to === undefined) {
    issues.push({
      path: `${at}/endpoints`,
      message:
        'is empty, so requests for this model cannot be routed (add an endpoint, or routes_to for a router model)',
    });
  }
  return issues;
}
