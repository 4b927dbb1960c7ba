import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { ErrorObject } from 'ajv';
import { createAjv } from '../../kit/contract/create-ajv';
import { isRecord } from '../../kit/json/guards';
import { closestName } from './closest-name';
import { packageFile } from '../../kit/package/package-files';
import { ConfigError } from './config-error';
import type { NameMapping } from '../http/name-map';

/** Shape of a target file; conformance/targets/target.schema.json is what validates it. */
export interface TargetFile {
  /** The contract to judge against, relative to the target file's folder. */
  spec?: string;
  baseUrl?: string;
  apiKey?: string;
  managementKey?: string;
  model?: string;
  embeddingsModel?: string;
  aliases?: Record<string, string>;
  variants?: string[];
  guardrail?: { id?: string; keyHashes?: string[]; guardedApiKey?: string; blockedInput?: string };
  resetUrl?: string;
  names?: NameMapping;
  headers?: Record<string, string>;
  /** What the verdict judges (`--profile`). */
  profile?: string;
  /** Features whose failures fail the run (`--require`). */
  require?: string[];
  /** How far the target's clock may be off, in seconds (`--clock-skew`). */
  clockSkewSeconds?: number;
}

const TARGETS_DIR = packageFile('conformance', 'targets');
export const MOCK_TARGET_PATH = path.join(TARGETS_DIR, 'mock.json');
const SCHEMA_PATH = path.join(TARGETS_DIR, 'target.schema.json');

/** Reads and validates a target file; any problem is a ConfigError naming the file and the field. */
export function readTargetFile(file: string): TargetFile {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    throw new ConfigError(
      `cannot read target file ${file}: ${code ?? (err as Error).message}${shippedHint(file, code)}`,
    );
  }
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (err) {
    throw new ConfigError(`target file ${file} is not JSON: ${(err as Error).message}`);
  }
  const validate = createAjv({ errorData: true }).compile(JSON.parse(readFileSync(SCHEMA_PATH, 'utf8')) as object);
  if (!validate(data)) {
    const problems = [...new Set((validate.errors ?? []).map(describeProblem))];
    throw new ConfigError(`target file ${file} is invalid: ${problems.join('; ')}`);
  }
  return data as TargetFile;
}

/**
 * A target file named as the docs name the shipped ones (`conformance/targets/mock.json`) is not in
 * a user's project, where the package is installed: say where the package's own copy is.
 */
function shippedHint(file: string, code: string | undefined): string {
  const shipped = path.join(TARGETS_DIR, path.basename(file));
  if (code !== 'ENOENT' || path.resolve(file) === shipped || !existsSync(shipped)) return '';
  return `; the package's own ${path.basename(file)} is ${path.relative(process.cwd(), shipped) || shipped}`;
}

/** One line per problem; an unknown field is named with the field it most likely meant. */
function describeProblem(error: ErrorObject): string {
  if (error.keyword === 'additionalProperties') {
    const field = String((error.params as { additionalProperty?: unknown }).additionalProperty);
    const parent = error.instancePath.split('/').filter(Boolean).join('.');
    const where = (name: string) => (parent === '' ? name : `${parent}.${name}`);
    const known = isRecord(error.parentSchema) && isRecord(error.parentSchema.properties);
    const suggestion = known
      ? closestName(field, Object.keys((error.parentSchema as { properties: object }).properties))
      : undefined;
    return `unknown field ${where(field)}${suggestion === undefined ? '' : `; did you mean ${where(suggestion)}?`}`;
  }
  return `${error.instancePath || '/'} ${error.message ?? 'is invalid'}`;
}
