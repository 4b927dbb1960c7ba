import { parseArgs } from 'node:util';
import { ConfigError } from './config-error';
import { SETTINGS } from './settings';
import { secretNames } from '../../kit/secrets/secret-names';
import type { RawSettings, SettingDefinition } from './settings';

export interface CliInput {
  readonly help: boolean;
  /** `--list`: print the scenarios a run would execute, send nothing. */
  readonly list?: boolean;
  readonly version: boolean;
  /** Settings given as flags. */
  readonly flags: RawSettings;
  /** Settings given as CONFORMANCE_* variables. */
  readonly env: RawSettings;
}

const TRUE = /^(1|true|yes|on)$/i;
const FALSE = /^(0|false|no|off)$/i;

/** Reads flags and CONFORMANCE_* variables; unknown flags are a configuration error (exit 2). */
export function parseCli(argv: readonly string[], env: NodeJS.ProcessEnv): CliInput {
  const options: Record<string, { type: 'string' | 'boolean'; short?: string; multiple?: boolean }> = {
    help: { type: 'boolean', short: 'h' },
    list: { type: 'boolean' },
    version: { type: 'boolean', short: 'v' },
  };
  for (const setting of SETTINGS)
    options[setting.flag] =
      setting.kind === 'multiple'
        ? { type: 'string', multiple: true }
        : { type: setting.kind === 'boolean' ? 'boolean' : 'string' };
  let parsed: ReturnType<typeof parseArgs>;
  try {
    parsed = parseArgs({ args: [...argv], options, strict: true, allowPositionals: false });
  } catch (err) {
    throw new ConfigError(`${(err as Error).message} (see --help)`);
  }
  const flags: RawSettings = {};
  const fromEnv: RawSettings = {};
  for (const setting of SETTINGS) {
    const flagValue = parsed.values[setting.flag];
    if (typeof flagValue === 'string') flags[setting.key] = flagValue;
    if (Array.isArray(flagValue)) flags[setting.key] = flagValue.join('\n');
    if (flagValue === true) flags[setting.key] = 'true';
    const envValue = env[setting.env];
    if (envValue !== undefined && envValue !== '') fromEnv[setting.key] = envSwitch(setting, envValue);
  }
  return {
    help: parsed.values.help === true,
    list: parsed.values.list === true,
    version: parsed.values.version === true,
    flags,
    env: fromEnv,
  };
}

function envSwitch(setting: SettingDefinition, value: string): string {
  if (setting.kind !== 'boolean') return value;
  if (TRUE.test(value.trim())) return 'true';
  if (FALSE.test(value.trim())) return 'false';
  throw new ConfigError(`${setting.env} must be 1, true, yes, 0, false or no, got "${value}"`);
}

/** The secret settings (keys) given as flags: their values are in the command line, which CI logs show. */
export function keysOnCommandLine(cli: CliInput): string[] {
  const keys = SETTINGS.filter((s) => s.secret === true && cli.flags[s.key] !== undefined).map((s) => `--${s.flag}`);
  // A secret header is as much a key (CONFORMANCE_HEADERS keeps it out of the logs).
  const secret = secretNames([...(cli.flags.redact ?? '').split('\n'), ...(cli.env.redact ?? '').split('\n')]);
  const headers = (cli.flags.header ?? '')
    .split('\n')
    .map((line) => line.slice(0, Math.max(0, line.indexOf(':'))).trim())
    .filter((name) => name !== '' && secret.header(name))
    .map((name) => `--header ${name}`);
  return [...keys, ...headers];
}

export function helpText(): string {
  const usage = (s: SettingDefinition) => `--${s.flag}${s.value === '' ? '' : ` ${s.value}`}`;
  const width = Math.max(...SETTINGS.map((s) => usage(s).length));
  const lines = SETTINGS.map(
    (s) =>
      `  ${usage(s).padEnd(width)}  ${s.help}\n  ${''.padEnd(width)}  env ${s.env}${s.secret === true ? ' (use this: a flag shows the key in CI logs)' : ''}`,
  );
  return [
    'Usage: model-gateway conformance [options]      (also model-gateway-conformance; in the repository: npm run conformance -- [options])',
    '',
    'Runs the Model Gateway API conformance suite against a gateway and reports, check by check,',
    'where it departs from the contract (spec/openapi.yaml, or the document given with --spec).',
    'Without --target and --base-url it starts the mock in-process on a free port and runs against it.',
    '',
    '  CONFORMANCE_API_KEY=... model-gateway-conformance --base-url https://gw.example/api/v1',
    '  model-gateway-conformance --target conformance/targets/openrouter.json --baseline conformance-baseline.json',
    '',
    'Before any scenario a preflight proves the target is this API (answers with the top-level shape',
    'the spec documents, on the operations the run covers) and that each key is accepted, without',
    'side effects; defects in its answers are left to the checks. Progress goes to stderr;',
    'the report folder is checked before the first request; a target that stops answering ends the',
    'run within about twice --request-timeout. docs/conformance.md tells the rest.',
    '',
    'Networks: HTTPS_PROXY / HTTP_PROXY / NO_PROXY are followed (loopback is always direct);',
    'NODE_EXTRA_CA_CERTS=ca.pem trusts a private CA. docs/ci.md tells how, and what each failure says.',
    '',
    'Options (flags override CONFORMANCE_* variables, which override the target file):',
    ...lines,
    `  ${'--list'.padEnd(width)}  list the scenarios a run with these options would execute (id, operation, what it`,
    `  ${''.padEnd(width)}  checks), filtered by --only as a run is; sends no request`,
    `  ${'--version'.padEnd(width)}  print the package's name and version, and exit (also -v)`,
    `  ${'--help'.padEnd(width)}  show this help`,
    '',
    'Target file fields: spec, baseUrl, apiKey, managementKey, model, embeddingsModel, aliases, variants,',
    'guardrail { id, keyHashes, guardedApiKey, blockedInput }, resetUrl, names { headers, members },',
    "headers { NAME: VALUE }, profile, require (conformance/targets/target.schema.json; names maps the contract's names",
    "to the gateway's; headers are sent on every request, --header and CONFORMANCE_HEADERS override them;",
    "spec is taken from the target file's folder).",
    '',
    'Transport: every request the gateway answered only after a retry, or never (a reset or closed',
    'connection), is a finding of its own root cause; a connection dropped with a request in flight',
    'fails the run unless --accept-dropped-connections; an idle kept-alive connection closed as the',
    'next request went out is a warning (counted, shown, not failing).',
    '',
    'Features: every report opens with the feature matrix (core, plugins, provider-routing...: supported,',
    'unsupported, broken); --profile openai fails the run on core failures only, --require FEATURE adds one.',
    '',
    'Exit status: 0 every check passed (with --baseline: no new failure), 1 a check failed, 2 bad',
    'configuration, a target that is not this API or that stopped answering, 130/143 interrupted',
    '(SIGINT/SIGTERM; the partial report is written and marked incomplete).',
  ].join('\n');
}
