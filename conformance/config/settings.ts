/**
 * Every setting of the suite, once: its flag, its CONFORMANCE_* variable and its help line.
 * The CLI parser, the environment reader and `--help` are all derived from this table.
 */
export type SettingKey =
  | 'target'
  | 'spec'
  | 'baseUrl'
  | 'apiKey'
  | 'managementKey'
  | 'guardedApiKey'
  | 'guardrailId'
  | 'resetUrl'
  | 'waitSeconds'
  | 'model'
  | 'embeddingsModel'
  | 'reportDir'
  | 'sarif'
  | 'only'
  | 'seed'
  | 'shard'
  | 'concurrency'
  | 'requestTimeoutMs'
  | 'eventTimeoutMs'
  | 'maxResponseTimeMs'
  | 'clockSkewSeconds'
  | 'propertyRuns'
  | 'baseline'
  | 'baselineUpdate'
  | 'header'
  | 'redact'
  | 'acceptDrops'
  | 'strictHttp'
  | 'profile'
  | 'require';

export interface SettingDefinition {
  readonly key: SettingKey;
  readonly flag: string;
  readonly env: string;
  /** What the flag takes, for --help; '' for a switch. */
  readonly value: string;
  readonly help: string;
  /**
   * `boolean`: a switch (`--baseline-update`); its variable takes 1/true/yes or 0/false/no.
   * `multiple`: a flag given as often as needed (`--header`); the values are kept one per line,
   * as its variable holds them.
   */
  readonly kind?: 'boolean' | 'multiple';
  /**
   * A key: best given by its variable (or the target file), since a flag's value shows in the
   * process list and in CI logs (`npm run` echoes the command line).
   */
  readonly secret?: boolean;
}

export const SETTINGS: readonly SettingDefinition[] = [
  {
    key: 'target',
    flag: 'target',
    env: 'CONFORMANCE_TARGET',
    value: 'FILE',
    help: 'JSON target file (examples ship in the package: conformance/targets/*.json); flags override it',
  },
  {
    key: 'spec',
    flag: 'spec',
    env: 'CONFORMANCE_SPEC',
    value: 'FILE',
    help: 'judge against this OpenAPI 3.1 document instead of the shipped spec/openapi.yaml: validators, limits, the property phase and the stream rules come from it; scenarios for an operation it lacks are not applicable; the in-process mock serves it too',
  },
  {
    key: 'baseUrl',
    flag: 'base-url',
    env: 'CONFORMANCE_BASE_URL',
    value: 'URL',
    help: 'base URL including /api/v1; without it and without a target the mock starts in-process',
  },
  {
    key: 'header',
    flag: 'header',
    env: 'CONFORMANCE_HEADERS',
    value: "'NAME: VALUE'",
    kind: 'multiple',
    help: 'a header sent on every request, the reset call included (routing, tenant...); repeatable; the variable takes one per line; the value of a secret one (Authorization, Cookie, X-Api-Key, Api-Key, a name with the word key, token, secret, password or auth, or one given with --redact) is never shown',
  },
  {
    key: 'redact',
    flag: 'redact',
    env: 'CONFORMANCE_REDACT',
    value: 'NAME',
    kind: 'multiple',
    help: 'also treat the header NAME as secret: its value is shown as $NAME_IN_CAPITALS in every report, reproduction and line printed; repeatable; the variable takes one per line',
  },
  {
    key: 'apiKey',
    flag: 'api-key',
    env: 'CONFORMANCE_API_KEY',
    value: 'KEY',
    help: 'ordinary API key sent as Bearer token',
    secret: true,
  },
  {
    key: 'managementKey',
    flag: 'management-key',
    env: 'CONFORMANCE_MANAGEMENT_KEY',
    value: 'KEY',
    help: 'management key (guardrail key unassignment); scenarios needing it are skipped without it',
    secret: true,
  },
  {
    key: 'guardedApiKey',
    flag: 'guarded-api-key',
    env: 'CONFORMANCE_GUARDED_API_KEY',
    value: 'KEY',
    help: 'an ordinary key the guardrail applies to (guardrail.guardedApiKey)',
    secret: true,
  },
  {
    key: 'guardrailId',
    flag: 'guardrail-id',
    env: 'CONFORMANCE_GUARDRAIL_ID',
    value: 'ID',
    help: 'a guardrail the management key may change (guardrail.id): without it, the scenarios of unassignGuardrailKeys that need one are skipped',
  },
  {
    key: 'resetUrl',
    flag: 'reset-url',
    env: 'CONFORMANCE_RESET_URL',
    value: 'URL',
    help: "POSTed before and after the run to restore the target's state; a path (/__mock/reset) is taken on the base URL's host",
  },
  {
    key: 'model',
    flag: 'model',
    env: 'CONFORMANCE_MODEL',
    value: 'ID',
    help: 'model id for POST /responses and GET /model (default openai/gpt-4o)',
  },
  {
    key: 'embeddingsModel',
    flag: 'embeddings-model',
    env: 'CONFORMANCE_EMBEDDINGS_MODEL',
    value: 'ID',
    help: 'an embeddings model id expected in GET /embeddings/models',
  },
  {
    key: 'reportDir',
    flag: 'report-dir',
    env: 'CONFORMANCE_REPORT_DIR',
    value: 'DIR',
    help: 'where junit.xml, conformance.json and conformance.html are written (default reports/conformance)',
  },
  {
    key: 'sarif',
    flag: 'sarif',
    env: 'CONFORMANCE_SARIF',
    value: 'FILE',
    help: 'also write the root causes as SARIF 2.1.0, for code-scanning views (docs/verify.md, "SARIF")',
  },
  {
    key: 'only',
    flag: 'only',
    env: 'CONFORMANCE_ONLY',
    value: 'PATTERN',
    help: 'run only scenarios whose id or operationId matches; comma-separated, * wildcard (e.g. "stream/*,getModel"); the preflight asks, and the reports judge, only the operations they cover',
  },
  {
    key: 'profile',
    flag: 'profile',
    env: 'CONFORMANCE_PROFILE',
    value: 'NAME',
    help: "what the verdict judges: full (default) the whole API; openai the core alone, what OpenAI's Responses API itself defines, on its operation POST /responses (the extensions' features and the other operations are shown but never fail the run)",
  },
  {
    key: 'require',
    flag: 'require',
    env: 'CONFORMANCE_REQUIRE',
    value: 'FEATURE',
    kind: 'multiple',
    help: 'a feature whose failures fail the run under any profile (plugins, provider-routing... as the feature matrix names them); repeatable; the variable takes them comma-separated',
  },
  {
    key: 'seed',
    flag: 'seed',
    env: 'CONFORMANCE_SEED',
    value: 'N',
    help: 'seed of the property-based phase (printed on every run; pass it to replay)',
  },
  {
    key: 'shard',
    flag: 'shard',
    env: 'CONFORMANCE_SHARD',
    value: 'I/N',
    help: 'run the I-th of N shares of the scenarios (1/4 … 4/4), split by --seed, which every shard must be given alike; merge the reports with model-gateway merge-reports (docs/ci.md)',
  },
  {
    key: 'concurrency',
    flag: 'concurrency',
    env: 'CONFORMANCE_CONCURRENCY',
    value: 'N',
    help: 'requests in flight at once (default 8)',
  },
  {
    key: 'requestTimeoutMs',
    flag: 'request-timeout',
    env: 'CONFORMANCE_REQUEST_TIMEOUT_MS',
    value: 'MS',
    help: 'time limit of one request, a whole stream included (default 30000)',
  },
  {
    key: 'eventTimeoutMs',
    flag: 'event-timeout',
    env: 'CONFORMANCE_EVENT_TIMEOUT_MS',
    value: 'MS',
    help: 'longest wait for the next stream event before the stream counts as stalled (default 10000)',
  },
  {
    key: 'maxResponseTimeMs',
    flag: 'max-response-time',
    env: 'CONFORMANCE_MAX_RESPONSE_TIME_MS',
    value: 'MS',
    help: 'an answer slower than this fails response-time-within-limit (streams: time to the first event); off by default',
  },
  {
    key: 'clockSkewSeconds',
    flag: 'clock-skew',
    env: 'CONFORMANCE_CLOCK_SKEW',
    value: 'SECONDS',
    help: "how far the target's clock may be off: created_at and completed_at must fall within the run's start and end widened by this much, a model's created no later than now plus this (default 300)",
  },
  {
    key: 'waitSeconds',
    flag: 'wait',
    env: 'CONFORMANCE_WAIT',
    value: 'SECONDS',
    help: 'before the preflight, wait up to SECONDS for a target still starting: asked again every 0.5 s while it refuses connections or answers 502, 503 or 504 (default 0)',
  },
  {
    key: 'propertyRuns',
    flag: 'property-runs',
    env: 'CONFORMANCE_PROPERTY_RUNS',
    value: 'N',
    help: 'generated requests per property (default 25; 0 disables the phase)',
  },
  {
    key: 'baseline',
    flag: 'baseline',
    env: 'CONFORMANCE_BASELINE',
    value: 'FILE',
    help: 'known failures by root cause: they are reported as known and only new ones fail the run',
  },
  {
    key: 'baselineUpdate',
    flag: 'baseline-update',
    env: 'CONFORMANCE_BASELINE_UPDATE',
    value: '',
    kind: 'boolean',
    help: "write this run's failures into the --baseline FILE (created if missing): new ones become known, fixed ones leave",
  },
  {
    key: 'acceptDrops',
    flag: 'accept-dropped-connections',
    env: 'CONFORMANCE_ACCEPT_DROPPED_CONNECTIONS',
    value: '',
    kind: 'boolean',
    help: 'connections the gateway dropped with a request in flight are warnings (still counted and shown) instead of failures',
  },
  {
    key: 'strictHttp',
    flag: 'strict-http',
    env: 'CONFORMANCE_STRICT_HTTP',
    value: '',
    kind: 'boolean',
    help: "a bare 400 with Connection: close to a request whose header holds a NUL or control character (the refusal of the gateway's HTTP server, before the gateway's code runs) fails the checks on its answer instead of being a warning",
  },
];

export type RawSettings = Partial<Record<SettingKey, string>>;
