import type { ConformanceConfig } from '../config/resolve-config';
import { createGatewayClient } from '../http/gateway-client';
import type { ClientSettings, GatewayClient } from '../http/gateway-client';
import type { Keys } from '../http/credentials';
import { createNameMap } from '../http/name-map';
import { secretHeaderValues } from '../http/extra-headers';
import { secretNames } from '../../kit/secrets/secret-names';
import type { Wire } from './build-failure';
import type { Recorder } from './recorder';
import type { RunControl } from './run-control';
import { countingDrops } from './transport-findings';
import type { DropRecording } from './transport-findings';
import { judgingRetried } from './retried-answers';
import type { JudgeRetried } from './retried-answers';

/** How a run reaches the target: the keys and names on the wire, and the one way clients are made. */
export interface SuiteClients {
  readonly wire: Wire;
  /** Every request of the run goes through a client made here: its drops are counted, whatever the phase. */
  readonly clientOf: (overrides?: Partial<ClientSettings>, record?: DropRecording) => GatewayClient;
}

/**
 * The run's clients, from its config: stopped with the run (`control`), their drops recorded, and
 * with `judge`, every 429 answer they retried past judged.
 */
export function suiteClients(
  config: ConformanceConfig & { readonly baseUrl: string },
  control: RunControl,
  recorder: Recorder,
  judge?: JudgeRetried,
): SuiteClients {
  const secret = secretNames(config.redact);
  const keys: Keys = {
    apiKey: config.apiKey,
    managementKey: config.managementKey,
    guardedApiKey: config.guardrail.guardedApiKey,
    secrets: secretHeaderValues(config.headers, secret),
  };
  const wire: Wire = {
    keys,
    names: createNameMap(config.names),
    headers: config.headers,
    secretNames: secret,
    strictHttp: config.strictHttp === true,
  };
  const settings = {
    baseUrl: config.baseUrl,
    keys,
    names: wire.names,
    requestTimeoutMs: config.requestTimeoutMs,
    eventTimeoutMs: config.eventTimeoutMs,
    signal: control.signal,
    proxyEnv: config.proxyEnv,
    headers: config.headers,
  };
  const clientOf = (overrides: Partial<ClientSettings> = {}, record?: DropRecording): GatewayClient => {
    const client = countingDrops(createGatewayClient({ ...settings, ...overrides }), recorder, wire, config, record);
    return judge === undefined ? client : judgingRetried(client, judge, wire);
  };
  return { wire, clientOf };
}
