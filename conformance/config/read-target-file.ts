import { readFileSync } from 'node:fs';
import path from 'node:path';
import { createAjv } from '../../kit/contract/create-ajv';
import { packageFile } from '../../kit/package/package-files';
import { ConfigError } from './config-error';

/** Shape of a target file; conformance/targets/target.schema.json is what validates it. */
export interface TargetFile {
  baseUrl?: string;
  apiKey?: string;
  managementKey?: string;
  model?: string;
  embeddingsModel?: string;
  aliases?: Record<string, string>;
  variants?: string[];
  guardrail?: { id?: string; keyHashes?: string[]; guardedApiKey?: string; blockedInput?: string };
  resetUrl?: string;
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
    throw new ConfigError(
      `cannot read target file ${file}: ${(err as NodeJS.ErrnoException).code ?? (err as Error).message}`,
    );
  }
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (err) {
    throw new ConfigError(`target file ${file} is not JSON: ${(err as Error).message}`);
  }
  const validate = createAjv().compile(JSON.parse(readFileSync(SCHEMA_PATH, 'utf8')) as object);
  if (!validate(data)) {
    const problems = (validate.errors ?? []).map((e) => `${e.instancePath || '/'} ${e.message ?? 'is invalid'}`);
    throw new ConfigError(`target file ${file} is invalid: ${problems.join('; ')}`);
  }
  return data as TargetFile;
}
