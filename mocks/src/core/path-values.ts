import type { OperationInfo } from '../../../kit/contract/operations';

/**
 * The values of an operation's path parameters in the order its path template lists them.
 * The served spec names them (`/model/{author}/{slug}`; a `--spec` document may say
 * `{model_slug}`), and the router keys `pathParams` by those names; a handler reads them by
 * place, so renaming a path parameter in the spec changes nothing the mock answers.
 */
export function pathValues(context: {
  readonly operation: Pick<OperationInfo, 'pathParamNames'>;
  readonly pathParams: Readonly<Record<string, string>>;
}): string[] {
  return context.operation.pathParamNames.map((name) => context.pathParams[name] ?? '');
}
