import type { FixtureModel, FixtureModelObject } from '../fixture-model/fixture-types';
import { isEmbeddingsModel, UNIVERSAL_VARIANTS } from '../../../../kit/catalog/model-kinds';
import { modelDetailsPath } from '../spec-facts/api-paths';

export interface ResolvedModel {
  readonly entry: FixtureModel;
  /** The variant suffix after the colon, if any. */
  readonly variant: string | undefined;
  /** The model object as served for this id and variant. */
  readonly model: FixtureModelObject;
  /**
   * `{ data: model }` serialized once: GET /model is the hottest path of the mock. Kept as text,
   * not bytes: node:http joins a text body to the head as one chunk, while a Buffer goes out as a
   * chunk of its own (fewer instructions per request, measured with callgrind).
   */
  readonly json: string;
}

/**
 * The model catalog of one mock instance: lookups by id, alias and variant (getModel; ModelSlug).
 * Read-only after construction; derived objects are cached because they never change.
 */
export class Catalog {
  private readonly byId = new Map<string, FixtureModel>();
  private readonly served = new Map<string, ResolvedModel>();
  /** By author, then by slug: the answer, for the path's own strings when they are the lower-case id (see `resolvePath`). */
  private readonly byPath = new Map<string, Map<string, ResolvedModel>>();
  readonly embeddings: readonly FixtureModelObject[];
  readonly chat: readonly FixtureModel[];

  /** `apiBasePath`: the path of the spec's server address, which model links start with. */
  constructor(
    readonly entries: readonly FixtureModel[],
    private readonly apiBasePath: string,
  ) {
    for (const entry of entries) {
      this.byId.set(entry.model.id.toLowerCase(), entry);
      for (const alias of entry.aliases) this.byId.set(alias.toLowerCase(), entry);
    }
    this.embeddings = entries.filter((entry) => isEmbeddingsModel(entry.model)).map((entry) => entry.model);
    this.chat = entries.filter((entry) => !isEmbeddingsModel(entry.model));
  }

  /**
   * getModel's lookup by the path's two parameters. A repeated URL hands over the very same
   * strings (remembered URLs), whose hashes the maps already know, so the answer is found with
   * no id built and no lower-casing. Only lower-case pairs are kept here: the others are as many
   * as the spellings a client can make up, and go the ordinary way.
   */
  resolvePath(author: string, slug: string): ResolvedModel | undefined {
    const hit = this.byPath.get(author)?.get(slug);
    if (hit) return hit;
    const id = `${author}/${slug}`;
    const resolved = this.resolve(id);
    if (resolved && id === id.toLowerCase()) {
      let slugs = this.byPath.get(author);
      if (!slugs) this.byPath.set(author, (slugs = new Map()));
      slugs.set(slug, resolved);
    }
    return resolved;
  }

  /** `id` may be `author/slug` or `author/slug:variant`; aliases resolve; unknown pairs are undefined. */
  resolve(id: string): ResolvedModel | undefined {
    const key = id.toLowerCase();
    const cached = this.served.get(key);
    if (cached) return cached;
    const colon = key.indexOf(':');
    const baseId = colon === -1 ? key : key.slice(0, colon);
    const variant = colon === -1 ? undefined : key.slice(colon + 1);
    const entry = this.byId.get(baseId);
    if (!entry) return undefined;
    if (variant !== undefined && !UNIVERSAL_VARIANTS.includes(variant) && !entry.variants.includes(variant)) {
      return undefined;
    }
    const model = variantModel(entry.model, variant, this.apiBasePath);
    const resolved: ResolvedModel = { entry, variant, model, json: JSON.stringify({ data: model }) };
    this.served.set(key, resolved);
    return resolved;
  }
}

function variantModel(model: FixtureModelObject, variant: string | undefined, apiBasePath: string): FixtureModelObject {
  if (variant === undefined) return model;
  const id = `${model.id}:${variant}`;
  const pricing = variant === 'free' ? { prompt: '0', completion: '0', image: '0', request: '0' } : model.pricing;
  return {
    ...model,
    id,
    name: `${model.name} (${variant})`,
    pricing,
    links: { details: modelDetailsPath(apiBasePath, id) },
  };
}
