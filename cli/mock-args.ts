import path from 'node:path';
import { parseArgs } from 'node:util';
import { DEFAULT_BODY_LIMIT_BYTES } from '../mocks/index';
import { DEFAULT_JOURNAL_LIMIT } from '../mocks/index';
import { DEFAULT_OBSERVED_BOUNDS } from '../kit/observe/observed-bounds';
import { DEFAULT_FAIL_ON, FAIL_ON, failOnOf } from '../kit/observe/fail-on';
import type { FailOn } from '../kit/observe/fail-on';
import { FIRST_TOKEN_DELAY_HEADER, isPaceName, PACE_NAMES, PACES, TOKENS_PER_SECOND_HEADER } from '../mocks/index';
import { FAIL_AFTER_TOKENS_HEADER } from '../mocks/index';

export const USAGE = `Usage: model-gateway mock [options]      (also model-gateway-mock; in the repository: npm start -- [options])

Serves the Model Gateway mock at http://HOST:PORT/api/v1; with --proxy, forwards every request to
a real gateway instead and reports where its answers (and the requests) break the spec.

Options:
  --port N                    port to listen on (env PORT; default 4010; 0 = any free port)
  --host ADDR                 address to listen on (env HOST; default 127.0.0.1)
  --spec FILE                 the OpenAPI 3.1 document to serve or check against (default: the
                              built-in spec/openapi.yaml)
  --fixtures FILE             load fixtures from FILE instead of the built-in set
                              (format: mocks/fixtures/fixtures.schema.json, docs/fixtures.md)
  --scripts FILE              try the scripts in FILE (a JSON array of scripts, or
                              {"scripts": [...]}) before the fixtures' own; one of the same
                              name replaces the fixtures' script (docs/fixtures.md)
  --body-limit BYTES          largest request body accepted; larger gets 413 (default ${DEFAULT_BODY_LIMIT_BYTES})
  --first-token-delay-ms N    streaming: wait N ms before the first text delta (default from fixtures)
  --tokens-per-second N       streaming: pace deltas at N tokens per second; 0 = as fast as possible
  --pace NAME                 streaming: a named pace; human = the first text delta after
                              ${PACES.human.firstTokenDelayMs} ms, then ${PACES.human.tokensPerSecond} tokens a second, for watching a UI stream
                              (the two flags above override its parts)
  --validate-responses        check every response against the spec and log violations
  --journal-limit N           requests the journal (GET /__mock/requests) keeps, newest first
                              (default ${DEFAULT_JOURNAL_LIMIT}; docs/testing.md)
  --journal-admin             also journal the calls to /__mock/* (scenarios, reset, the journal
                              itself); by default the journal holds the app's requests only
  --watch                     reload when the spec, the fixtures or the scripts file changes
  --strict-replay             a POST /responses no recording in --scripts answers gets a 404
                              naming the closest recording and why it does not match, instead
                              of the mock's own answer (docs/record-replay.md)
  --fast-replay               send recorded streams as fast as possible instead of at the pace
                              they were recorded at
  --quiet                     print only the start-up banner and errors
  --proxy URL                 proxy mode: forward to the gateway at URL (its base, e.g.
                              https://gateway.example/api/v1), check every exchange against the
                              spec, list violations at GET /__mock/violations (docs/ci.md)
  --report-dir DIR            proxy mode: where junit.xml, conformance.json and conformance.html
                              are written at exit (default reports/proxy)
  --keep-exchanges N          proxy mode: the reports list the first N exchanges in full, every
                              check result (default ${DEFAULT_OBSERVED_BOUNDS.exchanges}); later ones are counted (docs/ci.md)
  --keep-examples N           proxy mode: after those, keep up to N exchanges per root cause in
                              full, each failure of theirs (default ${DEFAULT_OBSERVED_BOUNDS.examplesPerCause}); the rest is counted
  --record FILE               proxy mode: write each POST /responses exchange into FILE as a
                              script the mock replays with --scripts FILE; an existing FILE is
                              added to (docs/record-replay.md)
  --har FILE                  proxy mode: write FILE anew, then append each exchange as a HAR 1.2
                              entry as it ends (secrets scrubbed, streams whole as text); a valid
                              HAR at every moment, which \`model-gateway verify\` reads (docs/verify.md)
  --sarif FILE                proxy mode: at exit, also write the findings as SARIF 2.1.0
  --fail-on WHO               proxy mode: what fails the run (exit 1): gateway (its answers
                              break the contract; the default), client (the requests sent
                              break it: client findings), or both (docs/ci.md)
  --redact NAME               proxy mode: also treat the header NAME as secret (repeatable):
                              its value, wherever it appears, shows in the reports and the
                              lines printed as $NAME_IN_CAPITALS and in a recording as
                              [redacted], where members named NAME are left out too.
                              Always secret: Authorization, Proxy-Authorization, Cookie,
                              Set-Cookie, X-Api-Key, Api-Key and names with the word key,
                              token, secret, password or auth (docs/record-replay.md)
  -v, --version               print the package's name and version, and exit
  -h, --help                  show this help

Request headers that steer the mock (docs/mock.md, docs/responses.md):
  Prefer: code=N / example=NAME   any operation: answer with a status or example of the spec
  ${FIRST_TOKEN_DELAY_HEADER}: N  POST /responses: stream pacing for this request
  ${TOKENS_PER_SECOND_HEADER}: N
  ${FAIL_AFTER_TOKENS_HEADER}: N     POST /responses: the upstream fails after N output tokens
                                  (a stream ends with error and response.failed; JSON gets 502)

Tests queue answers for the next matching requests without any header: POST /__mock/scenarios
(a 429 once, a reset connection, a stream cut mid-answer, a slow stream); GET /__mock/requests
shows what was sent (docs/testing.md).

Stopping (Ctrl-C, SIGTERM): requests in flight get 2 s; streams still running then end with
error and response.failed events. A proxy exits 0 when the gateway broke no rule (--fail-on),
1 otherwise; conformance.json's passed and the feature matrix describe the gateway.
A start-up problem (a flag, the spec, the fixtures) is printed on one line; the exit status is 2.`;

/** The flags `npm start` takes; USAGE documents each (cli/test/mock-args.test.ts checks it). */
export const CLI_OPTIONS = {
  port: { type: 'string' },
  host: { type: 'string' },
  spec: { type: 'string' },
  fixtures: { type: 'string' },
  scripts: { type: 'string' },
  'body-limit': { type: 'string' },
  'first-token-delay-ms': { type: 'string' },
  'tokens-per-second': { type: 'string' },
  pace: { type: 'string' },
  'validate-responses': { type: 'boolean', default: false },
  'journal-limit': { type: 'string' },
  'journal-admin': { type: 'boolean', default: false },
  watch: { type: 'boolean', default: false },
  quiet: { type: 'boolean', default: false },
  proxy: { type: 'string' },
  'report-dir': { type: 'string' },
  'keep-exchanges': { type: 'string' },
  'keep-examples': { type: 'string' },
  record: { type: 'string' },
  har: { type: 'string' },
  sarif: { type: 'string' },
  redact: { type: 'string', multiple: true },
  'fail-on': { type: 'string' },
  'strict-replay': { type: 'boolean', default: false },
  'fast-replay': { type: 'boolean', default: false },
  version: { type: 'boolean', short: 'v', default: false },
  help: { type: 'boolean', short: 'h', default: false },
} as const;

/** Flags that configure the mock's own answers, meaningless when the answers come from a real gateway. */
const MOCK_ONLY = [
  'fixtures',
  'scripts',
  'body-limit',
  'first-token-delay-ms',
  'tokens-per-second',
  'pace',
  'validate-responses',
  'journal-limit',
  'journal-admin',
  'watch',
  'strict-replay',
  'fast-replay',
];

/** Flags of proxy mode only. */
const PROXY_ONLY = ['report-dir', 'keep-exchanges', 'keep-examples', 'record', 'har', 'sarif', 'redact', 'fail-on'];

/** What fails a proxy's run: the gateway's violations, the client findings, or either (kit/observe/fail-on.ts). */
export type { FailOn };

export const DEFAULT_PROXY_REPORT_DIR = path.join('reports', 'proxy');

export interface CliSettings {
  readonly port: number;
  readonly host: string;
  /** Undefined: the built-in spec. */
  readonly specPath: string | undefined;
  readonly fixturesPath: string | undefined;
  readonly scriptsPath: string | undefined;
  readonly bodyLimitBytes: number;
  readonly firstTokenDelayMs: number | undefined;
  readonly tokensPerSecond: number | undefined;
  readonly validateResponses: boolean;
  readonly journalLimit: number;
  /** The journal also holds the admin calls (MockOptions.journalAdmin). */
  readonly journalAdmin: boolean;
  readonly watch: boolean;
  readonly quiet: boolean;
  /** Proxy mode: the upstream gateway's base URL. */
  readonly proxyUrl: string | undefined;
  readonly reportDir: string;
  /** Proxy mode: how much of the traffic the reports keep in full (the rest is counted). */
  readonly keep: { readonly exchanges: number; readonly examplesPerCause: number };
  /** Proxy mode: the scripts file exchanges are recorded into. */
  readonly recordPath: string | undefined;
  /** Proxy mode: the HAR file each exchange is appended to (`--har`). */
  readonly harPath?: string;
  /** Proxy mode: the SARIF file written at exit (`--sarif`). */
  readonly sarifPath?: string;
  /** Proxy mode: header names secret besides kit/secrets' rule, in the reports and the recording. */
  readonly redact: readonly string[];
  /** Proxy mode: what fails the run (`--fail-on`, default gateway). */
  readonly failOn: FailOn;
  /** Replay: a request no recording answers gets a 404 (MockOptions.strictReplay). */
  readonly strictReplay: boolean;
  /** Replay: recorded streams as fast as possible (MockOptions.replayPace `fast`). */
  readonly fastReplay: boolean;
  readonly help: boolean;
  readonly version: boolean;
}

export class CliError extends Error {
  override readonly name = 'CliError';
}

/** Flags win over environment variables, which win over defaults. */
export function parseCliArgs(argv: readonly string[], env: NodeJS.ProcessEnv): CliSettings {
  let values;
  try {
    ({ values } = parseArgs({ args: [...argv], strict: true, allowPositionals: false, options: CLI_OPTIONS }));
  } catch (err) {
    throw new CliError((err as Error).message);
  }
  const proxyUrl = values.proxy === undefined ? undefined : upstreamUrl(values.proxy);
  const proxyOnly = PROXY_ONLY.find((name) => values[name as 'record'] !== undefined);
  if (proxyUrl === undefined && proxyOnly !== undefined)
    throw new CliError(`--${proxyOnly} applies to proxy mode only: add --proxy URL`);
  const replayFlag = values['strict-replay'] ? 'strict-replay' : values['fast-replay'] ? 'fast-replay' : undefined;
  if (replayFlag !== undefined && values.scripts === undefined && proxyUrl === undefined)
    throw new CliError(`--${replayFlag} replays the recordings of a scripts file: add --scripts FILE`);
  if (proxyUrl !== undefined) {
    const given = MOCK_ONLY.filter((name) => argv.some((arg) => arg === `--${name}` || arg.startsWith(`--${name}=`)));
    if (given.length > 0)
      throw new CliError(
        `with --proxy the answers come from the gateway: leave out ${given.map((name) => `--${name}`).join(', ')}`,
      );
  }
  return {
    port: integer('--port', values.port ?? env.PORT ?? '4010', 0, 65535),
    host: values.host ?? env.HOST ?? '127.0.0.1',
    specPath: values.spec,
    fixturesPath: values.fixtures,
    scriptsPath: values.scripts,
    bodyLimitBytes: integer(
      '--body-limit',
      values['body-limit'] ?? String(DEFAULT_BODY_LIMIT_BYTES),
      1,
      Number.MAX_SAFE_INTEGER,
    ),
    firstTokenDelayMs:
      optionalInteger('--first-token-delay-ms', values['first-token-delay-ms'], 0, 600_000) ??
      namedPace(values.pace)?.firstTokenDelayMs,
    tokensPerSecond:
      optionalInteger('--tokens-per-second', values['tokens-per-second'], 0, 1_000_000) ??
      namedPace(values.pace)?.tokensPerSecond,
    validateResponses: values['validate-responses'] === true,
    journalLimit: integer('--journal-limit', values['journal-limit'] ?? String(DEFAULT_JOURNAL_LIMIT), 0, 1_000_000),
    journalAdmin: values['journal-admin'] === true,
    watch: values.watch === true,
    quiet: values.quiet === true,
    proxyUrl,
    reportDir: values['report-dir'] ?? DEFAULT_PROXY_REPORT_DIR,
    keep: {
      exchanges: integer(
        '--keep-exchanges',
        values['keep-exchanges'] ?? String(DEFAULT_OBSERVED_BOUNDS.exchanges),
        0,
        10_000_000,
      ),
      examplesPerCause: integer(
        '--keep-examples',
        values['keep-examples'] ?? String(DEFAULT_OBSERVED_BOUNDS.examplesPerCause),
        1,
        1_000_000,
      ),
    },
    recordPath: values.record,
    ...(values.har === undefined ? {} : { harPath: values.har }),
    ...(values.sarif === undefined ? {} : { sarifPath: values.sarif }),
    redact: values.redact ?? [],
    failOn: failOn(values['fail-on']),
    strictReplay: values['strict-replay'] === true,
    fastReplay: values['fast-replay'] === true,
    help: values.help === true,
    version: values.version === true,
  };
}

/** The pacing `--pace NAME` stands for (exchange/stream/pacing.ts holds the one definition). */
function namedPace(name: string | undefined): (typeof PACES)[keyof typeof PACES] | undefined {
  if (name === undefined) return undefined;
  if (!isPaceName(name)) throw new CliError(`--pace must be one of ${PACE_NAMES.join(', ')}; got "${name}"`);
  return PACES[name];
}

function failOn(raw: string | undefined): FailOn {
  if (raw === undefined) return DEFAULT_FAIL_ON;
  const found = failOnOf(raw);
  if (found === undefined) throw new CliError(`--fail-on must be one of ${FAIL_ON.join(', ')}, got "${raw}"`);
  return found;
}

/** An http(s) base URL, without a trailing slash, query or fragment. */
function upstreamUrl(raw: string): string {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new CliError(`--proxy must be the gateway's base URL, e.g. https://gateway.example/api/v1; got "${raw}"`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    throw new CliError(`--proxy must be an http or https URL, got "${raw}"`);
  if (url.search !== '' || url.hash !== '')
    throw new CliError(`--proxy takes a base URL without a query or fragment, got "${raw}"`);
  return `${url.origin}${url.pathname.replace(/\/+$/, '')}`;
}

function integer(name: string, raw: string, min: number, max: number): number {
  if (!/^\d+$/.test(raw.trim())) throw new CliError(`${name} must be a whole number, got "${raw}"`);
  const value = Number(raw);
  if (value < min || value > max) throw new CliError(`${name} must be between ${min} and ${max}, got ${value}`);
  return value;
}

function optionalInteger(name: string, raw: string | undefined, min: number, max: number): number | undefined {
  return raw === undefined ? undefined : integer(name, raw, min, max);
}
