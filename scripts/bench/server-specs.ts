import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { ServerSpec } from './child-server';
import { API_BASE, DEMO_KEY } from './workloads';

export const ROOT = path.resolve(__dirname, '..', '..');
/** `model-gateway mock`, compiled by `npm run build` (tsconfig.build.json); started with plain node, no tsx in the way. */
export const MOCK_CLI = path.join(ROOT, 'dist', 'cli', 'model-gateway.js');
export const BARE_SERVER = path.join(ROOT, 'dist', 'scripts', 'bench', 'bare-server.js');
const PRISM = path.join(ROOT, 'node_modules', '.bin', 'prism');
const SPEC = path.join(ROOT, 'spec', 'openapi.yaml');

const PROBE_PATH = '/model/openai/gpt-4o';
const PROBE_HEADERS = { authorization: `Bearer ${DEMO_KEY}` };

/**
 * The node options of `npm start` (package.json `scripts.start`, e.g. heap flags), without the
 * TypeScript loader: the benchmark runs the same process settings on the compiled CLI.
 */
export function startScriptNodeFlags(): string[] {
  const pkg = JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as { scripts?: Record<string, string> };
  return nodeFlagsOf(pkg.scripts?.start ?? '');
}

/** The options between `node` and the script in a command line, minus `--import`/`--require` loaders. */
export function nodeFlagsOf(command: string): string[] {
  const words = command.split(/\s+/).filter((w) => w !== '');
  const node = words.indexOf('node');
  if (node === -1) return [];
  const flags: string[] = [];
  for (let i = node + 1; i < words.length && words[i]?.startsWith('-'); i++) {
    const word = words[i] as string;
    if (word === '--import' || word === '--require' || word === '-r') i++;
    else if (!/^--(import|require)=/.test(word)) flags.push(word);
  }
  return flags;
}

/** Our mock as `npm start` runs it, but compiled; `extra` adds CLI flags such as pacing. */
export function oursSpec(name = 'ours', extra: readonly string[] = []): ServerSpec {
  return {
    name,
    command: process.execPath,
    args: [...startScriptNodeFlags(), MOCK_CLI, 'mock', '--host', '127.0.0.1', '--port', '{port}', '--quiet', ...extra],
    probe: { path: API_BASE + PROBE_PATH, headers: PROBE_HEADERS },
  };
}

/** `freshIds`: each answer to a POST with an id of its own (bare-server.ts), for the proxy's upstream. */
export function bareSpec(cannedFile: string, freshIds = false): ServerSpec {
  return {
    name: 'bare',
    command: process.execPath,
    args: [BARE_SERVER, cannedFile, '{port}', ...(freshIds ? ['--fresh-ids'] : [])],
    probe: { path: API_BASE + PROBE_PATH, headers: PROBE_HEADERS },
  };
}

/** `prism mock` on the same document, logging silenced, request/response violations not turned into errors. */
export function prismSpec(): ServerSpec {
  return {
    name: 'prism',
    command: PRISM,
    args: ['mock', SPEC, '-p', '{port}', '-h', '127.0.0.1', '-v', 'silent', '--errors', 'false'],
    probe: { path: PROBE_PATH, headers: PROBE_HEADERS },
  };
}

/** Shown in the report so each figure says what produced it. */
export function describeCommand(spec: ServerSpec): string {
  const shown = (part: string): string => {
    if (!path.isAbsolute(part)) return part;
    const relative = path.relative(ROOT, part);
    return relative === '' || relative.startsWith('..') ? part : relative;
  };
  const command = spec.command === process.execPath ? 'node' : shown(spec.command);
  return [command, ...spec.args.map(shown)].join(' ');
}
