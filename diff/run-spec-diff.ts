import path from 'node:path';
import { parseArgs } from 'node:util';
import { countBySeverity, diffSpecs } from './diff-specs';
import { formatReport } from './format-report';
import {
  isInsideWorkTree,
  parseSpec,
  readSpecFile,
  repositoryRoot,
  resolveCommit,
  SpecDiffError,
  specTextAt,
} from './git-spec';
import { mockNotes } from './mock-impact';
import { breaksGuarded, parseAudience } from './audience-option';

const DEFAULT_SPEC = 'spec/openapi.yaml';

export const USAGE = `Usage: model-gateway diff [REF] [options]      (in the repository: npm run spec:diff -- [REF] [options])

Compares spec/openapi.yaml (as it is in the working tree) with its version at the git REF
(default HEAD; or --base REF) or with --base-file FILE (no git needed), and lists the changes:
breaking, non-breaking, deprecated, unclassified, annotations.
A --spec FILE outside the repository is compared with spec/openapi.yaml at REF.
Each change says whom it breaks: [clients] (they send requests and read responses, and
generated code sees names), [gateways] (they accept requests and send responses), both, or
nobody; why, and what each broken audience must do.
Exit status: 0 no breaking change, 1 breaking change(s) for an audience of --audience,
2 usage or input error.

Options:
  --spec FILE        the spec to compare (default spec/openapi.yaml)
  --base-file FILE   compare with FILE instead of a git ref
  --base REF         the git ref to compare with (the same as REF)
  --all              list annotation changes one by one (descriptions, examples)
  --json             print the changes as JSON (changes[].breaks, .why, .todo)
  --audience WHO     clients, gateways or both (default): whose breaking changes set exit 1
  -h, --help         show this help`;

export interface RunIo {
  readonly cwd: string;
  readonly out: (text: string) => void;
  readonly err: (text: string) => void;
}

export function runSpecDiff(argv: readonly string[], io: RunIo): number {
  let parsed;
  try {
    parsed = parseArgs({
      args: [...argv],
      allowPositionals: true,
      options: {
        spec: { type: 'string', default: DEFAULT_SPEC },
        'base-file': { type: 'string' },
        base: { type: 'string' },
        all: { type: 'boolean', default: false },
        json: { type: 'boolean', default: false },
        audience: { type: 'string', default: 'both' },
        help: { type: 'boolean', short: 'h', default: false },
      },
    });
  } catch (err) {
    io.err(`model-gateway diff: ${(err as Error).message}\n\n${USAGE}`);
    return 2;
  }
  const { values, positionals } = parsed;
  if (values.help) {
    io.out(USAGE);
    return 0;
  }
  const refs = [...positionals, ...(values.base === undefined ? [] : [values.base])];
  if (refs.length > 1 || (refs.length === 1 && values['base-file'] !== undefined)) {
    io.err(`model-gateway diff: give one git REF or --base-file, not both\n\n${USAGE}`);
    return 2;
  }
  try {
    const audiences = parseAudience(values.audience);
    const specPath = values.spec;
    const inside = isInRepository(io.cwd, specPath);
    const basePath = basePathFor(io.cwd, specPath);
    const headLabel = inside ? `${specPath} (working tree)` : specPath;
    // The spec first: a missing --spec is the error to show, before any about the base.
    const headText = readSpecFile(io.cwd, specPath, '--spec');
    const base = readBase(io.cwd, basePath, refs[0] ?? 'HEAD', values['base-file']);
    const head = parseSpec(headText, headLabel);
    const result = diffSpecs(base.document, head);
    const notes = mockNotes(head);
    if (values.json) {
      io.out(
        JSON.stringify(
          {
            base: base.label,
            head: headLabel,
            ...result,
            counts: countBySeverity(result.changes),
            mock: notes,
          },
          null,
          2,
        ),
      );
    } else {
      io.out(
        formatReport(result, {
          baseLabel: base.label,
          headLabel,
          all: values.all,
          mockNotes: notes,
        }),
      );
    }
    return result.changes.some((change) => change.severity === 'breaking' && breaksGuarded(change, audiences)) ? 1 : 0;
  } catch (err) {
    if (err instanceof SpecDiffError || (err as NodeJS.ErrnoException).code === 'ENOENT') {
      io.err(`model-gateway diff: ${(err as Error).message}`);
      return 2;
    }
    throw err;
  }
}

/** A file outside the repository has no history of its own: it is compared with the repository's spec. */
export function basePathFor(cwd: string, specPath: string): string {
  return isInRepository(cwd, specPath) ? path.relative(cwd, path.resolve(cwd, specPath)) : DEFAULT_SPEC;
}

/** Whether the file is in the git work tree around `cwd` (false outside git). */
export function isInRepository(cwd: string, file: string): boolean {
  const top = repositoryRoot(cwd);
  if (top === undefined) return false;
  const relative = path.relative(top, path.resolve(cwd, file));
  return relative !== '' && !relative.startsWith('..') && !path.isAbsolute(relative);
}

/** The base document: FILE, or `specPath` at the git ref. */
export function readBase(
  cwd: string,
  specPath: string,
  ref: string,
  baseFile: string | undefined,
): { label: string; document: unknown } {
  if (baseFile !== undefined) {
    return { label: baseFile, document: parseSpec(readSpecFile(cwd, baseFile, '--base-file'), baseFile) };
  }
  if (!isInsideWorkTree(cwd)) throw new SpecDiffError(`${cwd} is not inside a git work tree: pass --base-file FILE`);
  const commit = resolveCommit(cwd, ref);
  if (!commit) throw new SpecDiffError(`unknown git ref "${ref}"`);
  const text = specTextAt(cwd, commit, specPath);
  if (text === undefined) throw new SpecDiffError(`${specPath} does not exist at ${ref}: nothing to compare with`);
  const label = `${specPath} at ${ref}${ref === commit.slice(0, ref.length) ? '' : ` (${commit.slice(0, 10)})`}`;
  return { label, document: parseSpec(text, label) };
}
