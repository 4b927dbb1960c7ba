import { scrubSecrets } from '../kit/secrets/scrub-secrets';

/** Flags after which the command prints something else and stops: no run to announce. */
const NO_RUN = new Set(['-h', '--help', '-v', '--version', '--list']);

/**
 * The line the conformance command prints first, before it loads the spec, ajv or the suite (a
 * second or more on a busy CI runner), so a log cut short by a cancelled job still shows that it
 * started and what it was to check: `model-gateway-conformance: checking http://gw/api/v1
 * (--only createResponse, --profile openai)`. It reads the few flags and variables it names as
 * text, without checking them: the command's own parse (conformance/config/) does that next.
 * Undefined for `--help`, `--version` and `--list`, whose output is all there is.
 */
export function firstLine(argv: readonly string[], env: NodeJS.ProcessEnv): string | undefined {
  if (argv.some((arg) => NO_RUN.has(arg))) return undefined;
  const value = (flag: string, variable: string): string | undefined => {
    for (let i = argv.length - 1; i >= 0; i--) {
      const arg = argv[i] as string;
      if (arg === `--${flag}`) return argv[i + 1];
      if (arg.startsWith(`--${flag}=`)) return arg.slice(flag.length + 3);
    }
    const fromEnv = env[variable];
    return fromEnv === undefined || fromEnv === '' ? undefined : fromEnv;
  };
  const baseUrl = value('base-url', 'CONFORMANCE_BASE_URL');
  const target = value('target', 'CONFORMANCE_TARGET');
  const what =
    baseUrl !== undefined
      ? shownUrl(baseUrl)
      : target !== undefined
        ? `the target in ${target}`
        : 'the mock, started in-process';
  const scope = [
    ['only', 'CONFORMANCE_ONLY'],
    ['profile', 'CONFORMANCE_PROFILE'],
  ].flatMap(([flag = '', variable = '']) => {
    const given = value(flag, variable);
    return given === undefined ? [] : [`--${flag} ${given}`];
  });
  return `model-gateway-conformance: checking ${what}${scope.length === 0 ? '' : ` (${scope.join(', ')})`}`;
}

/** A URL as a log may show it: no user or password, no credential query parameter. */
function shownUrl(text: string): string {
  return scrubSecrets(text.replace(/^([a-z][a-z0-9+.-]*:\/\/)[^/@]*@/i, '$1'), []);
}
