import path from 'node:path';
import type { ServerSpec } from './child-server';
import { API_BASE, DEMO_KEY } from './scenarios';

export const ROOT = path.resolve(__dirname, '..', '..');
/** Compiled by `npm run build` (tsconfig.build.json); started with plain node, no tsx in the way. */
export const MOCK_CLI = path.join(ROOT, 'dist', 'mocks', 'src', 'cli.js');
export const BARE_SERVER = path.join(ROOT, 'dist', 'scripts', 'bench', 'bare-server.js');
const PRISM = path.join(ROOT, 'node_modules', '.bin', 'prism');
const SPEC = path.join(ROOT, 'spec', 'openapi.yaml');

const PROBE_PATH = '/model/openai/gpt-4o';
const PROBE_HEADERS = { authorization: `Bearer ${DEMO_KEY}` };

/** Our mock as `npm start` runs it, but compiled; `extra` adds CLI flags such as pacing. */
export function oursSpec(name = 'ours', extra: readonly string[] = []): ServerSpec {
  return {
    name,
    command: process.execPath,
    args: [MOCK_CLI, '--host', '127.0.0.1', '--port', '{port}', '--quiet', ...extra],
    probe: { path: API_BASE + PROBE_PATH, headers: PROBE_HEADERS },
  };
}

export function bareSpec(cannedFile: string): ServerSpec {
  return {
    name: 'bare',
    command: process.execPath,
    args: [BARE_SERVER, cannedFile, '{port}'],
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
  const shown = (part: string): string => (path.isAbsolute(part) ? path.relative(ROOT, part) || part : part);
  const command = spec.command === process.execPath ? 'node' : shown(spec.command);
  return [command, ...spec.args.map(shown)].join(' ');
}
