import type { ProxyEnv } from '../http/proxy-route';
import { randomInt } from 'node:crypto';
import path from 'node:path';
import { closestName } from './closest-name';
import { ConfigError } from './config-error';
import type { CliInput } from './parse-cli';
import { MOCK_TARGET_PATH, readTargetFile } from './read-target-file';
import type { NameMapping } from '../http/name-map';
import type { TargetFile } from './read-target-file';
import { mergeHeaders } from '../http/extra-headers';
import { checkedHeader, parseHeaderLines } from './header-lines';
import type { ExtraHeaders } from '../http/extra-headers';
import { DEFAULT_CLOCK_SKEW_SECONDS } from '../../kit/time/unix-seconds';

export interface GuardrailTarget {
  readonly id?: string;
  readonly keyHashes: readonly string[];
  readonly guardedApiKey?: string;
  readonly blockedInput?: string;
}

/** The settings of one run, resolved: flags > CONFORMANCE_* variables > target file > defaults. */
export interface ConformanceConfig {
  /** The proxy variables of the CLI's environment (HTTPS_PROXY, NO_PROXY…); runConformance reads none. */
  readonly proxyEnv?: ProxyEnv;
  /** Undefined until the in-process mock listens (`startMock`). */
  readonly baseUrl?: string;
  /**
   * The contract to judge against (--spec, CONFORMANCE_SPEC, or the target file's `spec` taken
   * from the file's folder); undefined: the shipped spec/openapi.yaml.
   */
  readonly spec?: string;
  /** No target and no base URL: the CLI starts the mock in-process and runs against it. */
  readonly startMock: boolean;
  readonly apiKey?: string;
  readonly managementKey?: string;
  readonly model: string;
  readonly embeddingsModel?: string;
  readonly aliases: Readonly<Record<string, string>>;
  readonly variants: readonly string[];
  readonly guardrail: GuardrailTarget;
  /** An http(s) URL, or a path taken on the base URL's host (`/__mock/reset`). */
  readonly resetUrl?: string;
  /** Headers sent on every request, the reset call included (--header, CONFORMANCE_HEADERS, `headers`). */
  readonly headers: ExtraHeaders;
  /** Header names secret beyond the rule of kit/secrets (--redact, CONFORMANCE_REDACT). */
  readonly redact?: readonly string[];
  /** Connections dropped with a request in flight are warnings instead of failures. */
  readonly acceptDrops: boolean;
  /** An HTTP server's bare 400 to a header with control bytes fails its checks instead of being a warning (--strict-http). */
  readonly strictHttp?: boolean;
  /** The gateway's names for the contract's headers and members (empty maps: the same names). */
  readonly names: Required<NameMapping>;
  readonly reportDir: string;
  /** Also write the findings as SARIF 2.1.0 there (`--sarif`). */
  readonly sarif?: string;
  readonly only: readonly string[];
  readonly seed: number;
  /** `--shard I/N`: this run takes the I-th (from 1) of N shares of the scenarios (run/shard.ts). */
  readonly shard?: { readonly index: number; readonly count: number };
  readonly concurrency: number;
  readonly requestTimeoutMs: number;
  readonly eventTimeoutMs: number;
  /** Answers slower than this fail response-time-within-limit; undefined: no limit. */
  readonly maxResponseTimeMs?: number;
  /** How far the target's clock may be off, in seconds, when times in answers are judged (run-clock.ts). */
  readonly clockSkewSeconds?: number;
  readonly propertyRuns: number;
  /** How long to wait for a target still starting, before the preflight (0: not at all). */
  readonly waitSeconds: number;
  /** Known failures by root cause (a JSON file written with `baselineUpdate`). */
  readonly baseline?: string;
  /** Write this run's root causes into `baseline`. */
  readonly baselineUpdate: boolean;
  /** Where the target came from, for the summary line. */
  readonly source: string;
  /** What the verdict judges: `full`, the whole API; `openai`, the core alone (report/feature-matrix.ts). */
  readonly profile: Profile;
  /** Features whose failures fail the run under any profile; checked against the spec's when the run plans. */
  readonly require: readonly string[];
}

export const PROFILES = ['full', 'openai'] as const;
export type Profile = (typeof PROFILES)[number];

export const DEFAULT_MODEL = 'openai/gpt-4o';
export const DEFAULT_REPORT_DIR = path.join('reports', 'conformance');

export function resolveConfig(cli: CliInput): ConformanceConfig {
  const given = { ...cli.env, ...cli.flags };
  const startMock = given.target === undefined && given.baseUrl === undefined;
  const file: TargetFile = startMock
    ? readTargetFile(MOCK_TARGET_PATH)
    : given.target
      ? readTargetFile(given.target)
      : {};
  const baseUrl = startMock ? undefined : (given.baseUrl ?? file.baseUrl);
  if (!startMock && baseUrl === undefined) {
    throw new ConfigError(`the target file ${given.target ?? ''} has no baseUrl and no --base-url was given`);
  }
  if (baseUrl !== undefined && !/^https?:\/\/[^/]+/.test(baseUrl)) {
    throw new ConfigError(`base URL "${baseUrl}" is not an http(s) URL`);
  }
  if (baseUrl !== undefined && /[?#]/.test(baseUrl)) {
    // Paths are appended to the base URL: a query or fragment would end up in the middle of each.
    throw new ConfigError(
      `base URL "${baseUrl}" has a query string or fragment; give the API's root, e.g. https://gw.example/api/v1`,
    );
  }
  const apiKey = given.apiKey ?? file.apiKey;
  // `--list` sends nothing: it needs no key.
  if (!startMock && apiKey === undefined && cli.list !== true) {
    throw new ConfigError('no API key: set CONFORMANCE_API_KEY (or "apiKey" in the target file)');
  }
  const resetUrl = given.resetUrl ?? file.resetUrl;
  if (resetUrl !== undefined && !/^(https?:\/\/[^/]+|\/)/.test(resetUrl)) {
    throw new ConfigError(`reset URL "${resetUrl}" is neither an http(s) URL nor a path starting with /`);
  }
  if (given.baselineUpdate === 'true' && given.baseline === undefined) {
    throw new ConfigError('--baseline-update needs --baseline FILE (the file to write)');
  }
  const guardrail = file.guardrail ?? {};
  return {
    spec:
      given.spec ??
      (file.spec === undefined || given.target === undefined
        ? undefined
        : path.resolve(path.dirname(given.target), file.spec)),
    baseUrl: baseUrl?.replace(/\/+$/, ''),
    startMock,
    apiKey,
    managementKey: given.managementKey ?? file.managementKey,
    model: given.model ?? file.model ?? DEFAULT_MODEL,
    embeddingsModel: given.embeddingsModel ?? file.embeddingsModel,
    aliases: file.aliases ?? {},
    variants: file.variants ?? [],
    guardrail: {
      ...guardrail,
      id: given.guardrailId ?? guardrail.id,
      guardedApiKey: given.guardedApiKey ?? guardrail.guardedApiKey,
      keyHashes: guardrail.keyHashes ?? [],
    },
    // The in-process mock names its own reset address when it starts.
    resetUrl: startMock ? given.resetUrl : resetUrl,
    headers: mergeHeaders(
      Object.assign(
        {},
        ...Object.entries(file.headers ?? {}).map(([name, value]) => checkedHeader(name, value, 'target file headers')),
      ) as Record<string, string>,
      parseHeaderLines((cli.env.header ?? '').split('\n'), 'CONFORMANCE_HEADERS'),
      parseHeaderLines((cli.flags.header ?? '').split('\n'), '--header'),
    ),
    redact: [...(cli.env.redact ?? '').split('\n'), ...(cli.flags.redact ?? '').split('\n')]
      .map((name) => name.trim())
      .filter((name) => name !== ''),
    acceptDrops: given.acceptDrops === 'true',
    strictHttp: given.strictHttp === 'true',
    names: { headers: file.names?.headers ?? {}, members: file.names?.members ?? {} },
    reportDir: given.reportDir ?? DEFAULT_REPORT_DIR,
    ...(given.sarif === undefined ? {} : { sarif: given.sarif }),
    only: (given.only ?? '')
      .split(',')
      .map((p) => p.trim())
      .filter((p) => p !== ''),
    ...(given.shard === undefined ? {} : { shard: shardOf(given.shard, given.seed) }),
    seed: given.seed === undefined ? randomInt(1, 2 ** 31 - 1) : integer('seed', given.seed, -(2 ** 31), 2 ** 31 - 1),
    concurrency: given.concurrency === undefined ? 8 : integer('concurrency', given.concurrency, 1, 64),
    requestTimeoutMs:
      given.requestTimeoutMs === undefined ? 30_000 : integer('request timeout', given.requestTimeoutMs, 100, 600_000),
    eventTimeoutMs:
      given.eventTimeoutMs === undefined ? 10_000 : integer('event timeout', given.eventTimeoutMs, 50, 600_000),
    maxResponseTimeMs:
      given.maxResponseTimeMs === undefined
        ? undefined
        : integer('max response time', given.maxResponseTimeMs, 1, 600_000),
    clockSkewSeconds:
      given.clockSkewSeconds === undefined
        ? (file.clockSkewSeconds ?? DEFAULT_CLOCK_SKEW_SECONDS)
        : integer('clock skew', given.clockSkewSeconds, 0, 86_400),
    propertyRuns: given.propertyRuns === undefined ? 25 : integer('property runs', given.propertyRuns, 0, 10_000),
    waitSeconds: given.waitSeconds === undefined ? 0 : integer('wait', given.waitSeconds, 0, 3_600),
    baseline: given.baseline,
    baselineUpdate: given.baselineUpdate === 'true',
    source: startMock ? 'in-process mock' : (given.target ?? 'command line'),
    profile: profileOf(given.profile ?? file.profile),
    require: [
      ...new Set(
        (given.require?.split(/[\n,]/) ?? file.require ?? []).map((name) => name.trim()).filter((name) => name !== ''),
      ),
    ],
  };
}

/** `I/N`, 1 ≤ I ≤ N ≤ 1000; with a seed given, since the shards of one run must split the same list alike. */
function shardOf(raw: string, seed: string | undefined): { index: number; count: number } {
  const found = /^\s*(\d+)\s*\/\s*(\d+)\s*$/.exec(raw);
  const index = Number(found?.[1]);
  const count = Number(found?.[2]);
  if (!found || index < 1 || count < 1 || index > count || count > 1000)
    throw new ConfigError(`shard must be I/N with 1 ≤ I ≤ N ≤ 1000 (e.g. 2/4), got "${raw}"`);
  if (seed === undefined)
    throw new ConfigError(
      `--shard ${raw} needs --seed N (or CONFORMANCE_SEED), the same on every shard: the shards split the scenarios by the seed`,
    );
  return { index, count };
}

function profileOf(raw: string | undefined): Profile {
  if (raw === undefined) return 'full';
  const profile = PROFILES.find((p) => p === raw.trim());
  if (profile !== undefined) return profile;
  const suggestion = closestName(raw.trim(), PROFILES);
  throw new ConfigError(
    `unknown profile "${raw}"${suggestion === undefined ? '' : `; did you mean ${suggestion}?`} (profiles: ${PROFILES.join(', ')})`,
  );
}

/** The reset address of a run: a path is taken on the base URL's host. */
export function resolveResetUrl(resetUrl: string | undefined, baseUrl: string): string | undefined {
  return resetUrl === undefined ? undefined : new URL(resetUrl, new URL(baseUrl).origin).toString();
}

function integer(name: string, raw: string, min: number, max: number): number {
  const value = Number(raw);
  if (!/^-?\d+$/.test(raw.trim()) || value < min || value > max) {
    throw new ConfigError(`${name} must be an integer from ${min} to ${max}, got "${raw}"`);
  }
  return value;
}
