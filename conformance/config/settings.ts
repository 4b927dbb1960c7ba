/**
 * Every setting of the suite, once: its flag, its CONFORMANCE_* variable and its help line.
 * The CLI parser, the environment reader and `--help` are all derived from this table.
 */
export type SettingKey =
  | 'target'
  | 'baseUrl'
  | 'apiKey'
  | 'managementKey'
  | 'model'
  | 'embeddingsModel'
  | 'reportDir'
  | 'only'
  | 'seed'
  | 'concurrency'
  | 'requestTimeoutMs'
  | 'eventTimeoutMs'
  | 'propertyRuns';

export interface SettingDefinition {
  readonly key: SettingKey;
  readonly flag: string;
  readonly env: string;
  readonly value: string;
  readonly help: string;
}

export const SETTINGS: readonly SettingDefinition[] = [
  {
    key: 'target',
    flag: 'target',
    env: 'CONFORMANCE_TARGET',
    value: 'FILE',
    help: 'JSON target file (see conformance/targets/mock.json); flags override it',
  },
  {
    key: 'baseUrl',
    flag: 'base-url',
    env: 'CONFORMANCE_BASE_URL',
    value: 'URL',
    help: 'base URL including /api/v1; without it and without a target the mock starts in-process',
  },
  {
    key: 'apiKey',
    flag: 'api-key',
    env: 'CONFORMANCE_API_KEY',
    value: 'KEY',
    help: 'ordinary API key sent as Bearer token',
  },
  {
    key: 'managementKey',
    flag: 'management-key',
    env: 'CONFORMANCE_MANAGEMENT_KEY',
    value: 'KEY',
    help: 'management key (guardrail key unassignment); scenarios needing it are skipped without it',
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
    help: 'where junit.xml and conformance.json are written (default reports/conformance)',
  },
  {
    key: 'only',
    flag: 'only',
    env: 'CONFORMANCE_ONLY',
    value: 'PATTERN',
    help: 'run only scenarios whose id or operationId matches; comma-separated, * wildcard (e.g. "stream/*,getModel")',
  },
  {
    key: 'seed',
    flag: 'seed',
    env: 'CONFORMANCE_SEED',
    value: 'N',
    help: 'seed of the property-based phase (printed on every run; pass it to replay)',
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
    help: 'time limit of one request (default 30000)',
  },
  {
    key: 'eventTimeoutMs',
    flag: 'event-timeout',
    env: 'CONFORMANCE_EVENT_TIMEOUT_MS',
    value: 'MS',
    help: 'longest wait for the next stream event before the stream counts as stalled (default 10000)',
  },
  {
    key: 'propertyRuns',
    flag: 'property-runs',
    env: 'CONFORMANCE_PROPERTY_RUNS',
    value: 'N',
    help: 'generated requests per property (default 25; 0 disables the phase)',
  },
];

export type RawSettings = Partial<Record<SettingKey, string>>;
