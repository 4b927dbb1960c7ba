import type { Contract } from './contract-types';
import { ContractError } from './contract-error';
import { isRecord } from '../json/guards';
import type { JsonObject } from '../json/guards';
import { encodeSegment } from '../json/json-pointer';

const METHODS = ['get', 'put', 'post', 'delete', 'patch', 'head', 'options', 'trace'] as const;

export interface ParameterInfo {
  readonly name: string;
  readonly in: 'path' | 'query' | 'header' | 'cookie';
  readonly required: boolean;
  readonly deprecated: boolean;
  /** JSON pointer of the parameter's schema. */
  readonly schemaPointer: string;
  readonly schema: JsonObject;
}

export interface ResponseInfo {
  /** `"200"`, `"404"`... as written in the document. */
  readonly status: string;
  /** Media type → JSON pointer of its schema. */
  readonly content: ReadonlyMap<string, string>;
  /** Media type → example name → example value. */
  readonly examples: ReadonlyMap<string, ReadonlyMap<string, unknown>>;
}

export interface OperationInfo {
  readonly operationId: string;
  readonly method: string;
  /** Path template as in the document, e.g. `/model/{author}/{slug}`. */
  readonly path: string;
  /** Matches a request path relative to the base address; groups are the path parameters in order. */
  readonly pattern: RegExp;
  readonly pathParamNames: readonly string[];
  readonly parameters: readonly ParameterInfo[];
  readonly requestBody?: { readonly required: boolean; readonly content: ReadonlyMap<string, string> };
  readonly responses: ReadonlyMap<string, ResponseInfo>;
  /** Names of the security schemes any of which satisfies the operation. */
  readonly securitySchemes: readonly string[];
}

/** Every operation of the document, read once: routing, validation and checks all start here. */
export function listOperations(contract: Contract): OperationInfo[] {
  const paths = contract.at<JsonObject>('#/paths');
  const rootSecurity = (contract.document.security as JsonObject[] | undefined) ?? [];
  const operations: OperationInfo[] = [];
  for (const [template, rawItem] of Object.entries(paths)) {
    const item = contract.resolve<JsonObject>(rawItem);
    const itemPointer = `#/paths/${encodeSegment(template)}`;
    for (const method of METHODS) {
      const op = item[method];
      if (!isRecord(op)) continue;
      const opPointer = `${itemPointer}/${method}`;
      if (typeof op.operationId !== 'string')
        throw new ContractError(`${method.toUpperCase()} ${template} has no operationId`, contract.specPath, {
          pointer: opPointer,
        });
      const parameters = [
        ...readParameters(contract, item.parameters, `${itemPointer}/parameters`),
        ...readParameters(contract, op.parameters, `${opPointer}/parameters`),
      ];
      const pathParamNames = [...template.matchAll(/\{([^}]+)\}/g)].map((m) => m[1] as string);
      const security = (op.security as JsonObject[] | undefined) ?? rootSecurity;
      operations.push({
        operationId: op.operationId,
        method: method.toUpperCase(),
        path: template,
        pattern: templateToPattern(template),
        pathParamNames,
        parameters,
        requestBody: readRequestBody(contract, op.requestBody, `${opPointer}/requestBody`),
        responses: readResponses(contract, op.responses, `${opPointer}/responses`),
        securitySchemes: [...new Set(security.flatMap((requirement) => Object.keys(requirement)))],
      });
    }
  }
  return operations;
}

function templateToPattern(template: string): RegExp {
  const source = template
    .split(/(\{[^}]+\})/)
    .map((part) => (part.startsWith('{') ? '([^/]+)' : part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
    .join('');
  return new RegExp(`^${source}$`);
}

function readParameters(contract: Contract, raw: unknown, pointer: string): ParameterInfo[] {
  if (!Array.isArray(raw)) return [];
  return raw.map((entry, index) => {
    const base = isRecord(entry) && typeof entry.$ref === 'string' ? entry.$ref : `${pointer}/${index}`;
    const param = contract.resolve<JsonObject>(entry);
    return {
      name: String(param.name),
      in: param.in as ParameterInfo['in'],
      required: param.required === true,
      deprecated: param.deprecated === true,
      schemaPointer: `${base}/schema`,
      schema: contract.resolve<JsonObject>(param.schema ?? {}),
    };
  });
}

function readRequestBody(contract: Contract, raw: unknown, pointer: string): OperationInfo['requestBody'] {
  if (raw === undefined) return undefined;
  const base = isRecord(raw) && typeof raw.$ref === 'string' ? raw.$ref : pointer;
  const body = contract.resolve<JsonObject>(raw);
  const content = new Map<string, string>();
  for (const mediaType of Object.keys((body.content as JsonObject | undefined) ?? {})) {
    content.set(mediaType, `${base}/content/${encodeSegment(mediaType)}/schema`);
  }
  return { required: body.required === true, content };
}

function readResponses(contract: Contract, raw: unknown, pointer: string): Map<string, ResponseInfo> {
  const responses = new Map<string, ResponseInfo>();
  for (const [status, entry] of Object.entries(isRecord(raw) ? raw : {})) {
    const base = isRecord(entry) && typeof entry.$ref === 'string' ? entry.$ref : `${pointer}/${status}`;
    const response = contract.resolve<JsonObject>(entry);
    const content = new Map<string, string>();
    const examples = new Map<string, Map<string, unknown>>();
    for (const [mediaType, media] of Object.entries((response.content as JsonObject | undefined) ?? {})) {
      content.set(mediaType, `${base}/content/${encodeSegment(mediaType)}/schema`);
      const named = new Map<string, unknown>();
      const mediaObject = isRecord(media) ? media : {};
      for (const [name, example] of Object.entries((mediaObject.examples as JsonObject | undefined) ?? {})) {
        named.set(name, contract.resolve<JsonObject>(example).value);
      }
      if (mediaObject.example !== undefined) named.set('default', mediaObject.example);
      examples.set(mediaType, named);
    }
    responses.set(status, { status, content, examples });
  }
  return responses;
}
