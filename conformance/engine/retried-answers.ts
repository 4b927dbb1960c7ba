import type { GatewayClient } from '../http/gateway-client';
import type { Wire } from './build-failure';
import type { Exchange } from './types';

/** Judges one answer the suite retried past with the generic checks, and counts it (evaluate-exchange.ts). */
export type JudgeRetried = (exchange: Exchange, wire: Wire) => void;

/**
 * The client whose every exchange has the 429 answers it retried past judged: each is an answer of
 * the gateway's (its status, envelope and `Retry-After` are the contract's to judge, and it is one
 * of the statuses observed), whichever request met it (a scenario's, a probe's, the preflight's).
 * The scenario's own expectations judge only the answer that followed.
 */
export function judgingRetried(client: GatewayClient, judge: JudgeRetried, wire: Wire): GatewayClient {
  return {
    async send(scenario, operation, spec) {
      const exchange = await client.send(scenario, operation, spec);
      for (const earlier of exchange.retriedPast ?? []) judge(earlier, wire);
      return exchange;
    },
  };
}
