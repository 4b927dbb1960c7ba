import type { Contract } from '../kit/contract/contract';
import type { ObservedTraffic } from '../conformance/index';
import { createExchangeChecker, REQUEST_VALID } from './check-exchange';
import { readRelayed } from './relay';
import type { ReadRelayed, Relayed } from './relay';
import type { KnownSecrets } from './redact';
import { violationLine } from './violation-line';

export interface JudgeInit {
  readonly contract: Contract;
  readonly traffic: ObservedTraffic;
  /** The gateway's path prefix, taken off before routing. */
  readonly basePath: string;
  readonly secrets: KnownSecrets;
  /** Receives one line per violation as it is found. */
  readonly log: (line: string) => void;
  /** Also handed each exchange read (the recording, the HAR file), before it is checked. */
  readonly taps?: ReadonlyArray<(relayed: ReadRelayed) => void>;
}

export interface Judge {
  /**
   * Whether the exchange is the gateway's to judge (not one the client gave up on, nor a CORS
   * preflight); if so, remembers the secrets its headers carry, so no report shows them.
   */
  admit(relayed: Relayed): boolean;
  /** Reads the exchange's body, hands it to the taps and checks it; prints its violations. */
  judge(relayed: Relayed): void;
}

/**
 * One exchange's way through the checks, the same for the proxy's live traffic and the traffic
 * `verify` reads from a file: what is judged, the secrets learnt, the body read once for the taps
 * and the checks alike (KeptBody), the violations printed.
 */
export function createJudge(init: JudgeInit): Judge {
  const check = createExchangeChecker(init.contract, init.traffic, init.basePath, init.secrets);
  const taps = init.taps ?? [];
  return {
    admit(relayed) {
      // An exchange the client gave up on (or the proxy's shutdown cut) is not the gateway's doing;
      // a browser's CORS preflight is HTTP's, not the API's.
      if (relayed.abandoned || isCorsPreflight(relayed)) return false;
      init.secrets.learn(relayed.requestHeaders);
      init.secrets.learn(relayed.responseHeaders);
      return true;
    },
    judge(kept) {
      const relayed = readRelayed(kept);
      for (const tap of taps) tap(relayed);
      for (const failure of check(relayed))
        init.log(violationLine(failure, relayed, failure.check === REQUEST_VALID.name));
    },
  };
}

function isCorsPreflight(relayed: Relayed): boolean {
  return relayed.method === 'OPTIONS' && relayed.requestHeaders['access-control-request-method'] !== undefined;
}
