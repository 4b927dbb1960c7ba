export { apiBasePath } from '../../../../kit/contract/api-base-path';

/**
 * ModelLinks.details: the path of a model's endpoints listing. Its form is not shown in the
 * contract (the spec marks it x-not-shown); the public gateway's, which the mock serves, is the
 * API's base path, then `/models/<model id>/endpoints`.
 */
export function modelDetailsPath(basePath: string, modelId: string): string {
  return `${basePath}/models/${modelId}/endpoints`;
}
