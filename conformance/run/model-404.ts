import { isRecord } from '../../kit/json/guards';
import { fillPath, modelPathParams } from '../scenarios/base-requests';
import type { PlanContext } from '../engine/scenario';
import type { Exchange, RequestSpec } from '../engine/types';
import type { PreflightFinding } from './preflight-finding';

/**
 * A 404 from GET /model for the run's model is a model the target does not serve (a bad `model`)
 * unless the target answers 404 for a model it lists too: GET /embeddings/models lists models the
 * gateway serves, and the contract answers GET /model for each of them 200 (getModel 200). When
 * the one it lists first gets the same 404 in the error envelope, GET /model is the defect, a
 * finding rather than a bad setting. A 404 that is not the envelope (`Cannot GET …`: a gateway
 * without the route) stays the preflight's to report, with the `--only` that leaves it out.
 */
export async function model404Finding(
  refused: Exchange,
  keyAnswers: readonly Exchange[],
  plan: PlanContext,
  ask: (request: RequestSpec) => Promise<Exchange>,
): Promise<PreflightFinding | undefined> {
  if (!isEnvelope404(refused)) return undefined;
  const listed = firstListed(keyAnswers);
  if (listed === undefined || listed === plan.config.model) return undefined;
  const path = fillPath(refused.operation, modelPathParams(listed));
  const again = await ask({ ...refused.request, path });
  if (!isEnvelope404(again)) return undefined;
  return {
    check: 'model-matches-request',
    family: 'catalog',
    rule: 'getModel 200 application/json',
    finding: {
      message: `GET /model answered 404 for ${plan.config.model} and for ${listed}, a model GET /embeddings/models lists: the gateway does not find the models it serves`,
      expected: 'GET /model answering 200 with the model for every model the gateway lists',
      cause: 'GET /model answers 404 for a model the catalog lists',
    },
  };
}

function isEnvelope404(exchange: Exchange): boolean {
  const json = exchange.response?.json;
  return exchange.response?.status === 404 && isRecord(json) && isRecord(json.error) && json.error.code === 404;
}

/** The id of the first model of the embeddings list the API key got, when it got one. */
function firstListed(keyAnswers: readonly Exchange[]): string | undefined {
  for (const exchange of keyAnswers) {
    const json = exchange.response?.json;
    if (exchange.operation.operationId !== 'listEmbeddingsModels' || exchange.response?.status !== 200) continue;
    const first: unknown = isRecord(json) && Array.isArray(json.data) ? json.data[0] : undefined;
    if (isRecord(first) && typeof first.id === 'string' && first.id.includes('/')) return first.id;
  }
  return undefined;
}
