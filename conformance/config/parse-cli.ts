import { parseArgs } from 'node:util';
import { ConfigError } from './config-error';
import { SETTINGS } from './settings';
import type { RawSettings } from './settings';

export interface CliInput {
  readonly help: boolean;
  /** Settings given as flags. */
  readonly flags: RawSettings;
  /** Settings given as CONFORMANCE_* variables. */
  readonly env: RawSettings;
}

/** Reads flags and CONFORMANCE_* variables; unknown flags are a configuration error (exit 2). */
export function parseCli(argv: readonly string[], env: NodeJS.ProcessEnv): CliInput {
  const options: Record<string, { type: 'string' | 'boolean'; short?: string }> = {
    help: { type: 'boolean', short: 'h' },
  };
  for (const setting of SETTINGS) options[setting.flag] = { type: 'string' };
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
    const envValue = env[setting.env];
    if (envValue !== undefined && envValue !== '') fromEnv[setting.key] = envValue;
  }
  return { help: parsed.values.help === true, flags, env: fromEnv };
}

export function helpText(): string {
  const width = Math.max(...SETTINGS.map((s) => `--${s.flag} ${s.value}`.length));
  const lines = SETTINGS.map(
    (s) => `  ${`--${s.flag} ${s.value}`.padEnd(width)}  ${s.help}\n  ${''.padEnd(width)}  env ${s.env}`,
  );
  return [
    'Usage: npm run conformance -- [options]',
    '',
    'Runs the Model Gateway API conformance suite against a gateway and reports, check by check,',
    'where it departs from the contract (spec/openapi.yaml). Without --target and --base-url it',
    'starts the mock in-process on a free port and runs against it.',
    '',
    'Options (flags override CONFORMANCE_* variables, which override the target file):',
    ...lines,
    `  ${'--help'.padEnd(width)}  show this help`,
    '',
    'Exit status: 0 every check passed, 1 a check failed, 2 bad configuration or unreachable target.',
  ].join('\n');
}
