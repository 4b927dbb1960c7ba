/** `model-gateway docs`: a spec's self-contained HTML reference (api-docs/). */
import { DOCS_USAGE, runDocs } from '../../api-docs/index';

export const help = DOCS_USAGE;

export function run(argv: string[]): Promise<number> {
  return runDocs(argv);
}
