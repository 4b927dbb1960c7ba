import { isRecord } from '../json/guards';

/**
 * The output modality that makes a model an embeddings model: listed by GET /embeddings/models,
 * refused by POST /responses (#/components/schemas/ModelArchitecture/properties/output_modalities:
 * "Embeddings models list `embeddings`").
 */
export const EMBEDDINGS_MODALITY = 'embeddings';

/**
 * Variant suffixes every model accepts (ModelSlug: `<slug>:<variant>`): `nitro` (providers by
 * throughput), `floor` (by price) and `online` (web search), as on the public gateway. Others
 * (`free`, `thinking`…) exist for particular models only.
 */
export const UNIVERSAL_VARIANTS: readonly string[] = ['nitro', 'floor', 'online'];

/** The model (a Model object, #/components/schemas/Model) lists `embeddings` among its output modalities. */
export function isEmbeddingsModel(model: unknown): boolean {
  const architecture = isRecord(model) ? model.architecture : undefined;
  const outputs = isRecord(architecture) ? architecture.output_modalities : undefined;
  return Array.isArray(outputs) && outputs.includes(EMBEDDINGS_MODALITY);
}
