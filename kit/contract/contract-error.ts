import { displayPath } from '../files/display-path';

/** Where in the spec a problem is: a JSON pointer (`#/components/schemas/Model`) or a line and column. */
export type ContractPlace = { readonly pointer: string } | { readonly line: number; readonly column: number };

/**
 * A spec the tools cannot run on. The message is one line meant to be printed as is, naming the
 * file, the place and the problem, the way compilers do:
 * `spec/openapi.yaml#/components/schemas/Model/properties/id: unknown keyword "maxLenght"` or
 * `spec/openapi.yaml:12:5: bad indentation of a mapping entry`.
 */
export class ContractError extends Error {
  override readonly name = 'ContractError';

  constructor(
    /** What is wrong, without the file or the place. */
    readonly problem: string,
    /** The spec file, when the problem is in one. */
    readonly file?: string,
    readonly place?: ContractPlace,
  ) {
    super(formatContractProblem(problem, file, place));
  }
}

function formatContractProblem(problem: string, file: string | undefined, place: ContractPlace | undefined): string {
  const oneLine = problem.replace(/\s*\n\s*/g, '; ').trim();
  if (file === undefined) return place && 'pointer' in place ? `${place.pointer}: ${oneLine}` : oneLine;
  const shown = displayPath(file);
  if (place === undefined) return `${shown}: ${oneLine}`;
  if ('pointer' in place) return `${shown}${place.pointer.startsWith('#') ? '' : '#'}${place.pointer}: ${oneLine}`;
  return `${shown}:${place.line}:${place.column}: ${oneLine}`;
}
