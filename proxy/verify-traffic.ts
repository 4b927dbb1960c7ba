import type { Contract } from '../kit/contract/contract';
import { loadContract } from '../kit/contract/contract';
import { apiBasePath } from '../kit/contract/api-base-path';
import { secretNames } from '../kit/secrets/secret-names';
import { compileAnswerSchemas } from '../kit/stream/answer-schemas';
import { observeTraffic } from '../conformance/index';
import type { ConformanceReport, Failure, ObservedBounds, ObservedTraffic } from '../conformance/index';
import { exchangeOfEntry } from './har/entry-exchange';
import { readTraffic } from './har/read-traffic';
import { REQUEST_VALID } from './check-exchange';
import { createJudge } from './judge-relayed';
import type { Judge } from './judge-relayed';
import { KnownSecrets } from './redact';

/** Hosts named in the summary of the traffic skipped for going elsewhere; the rest are counted. */
const HOSTS_NAMED = 5;

export interface VerifyInit {
  /** HAR 1.2 files, NDJSON of HAR entries, or the kit's recordings; read in order, one entry at a time. */
  readonly files: readonly string[];
  /**
   * The API's base URL (`--base-url`): only traffic under it is judged. By default, the first
   * origin whose traffic is under the spec's base path (`/api/v1`) is the API's.
   */
  readonly baseUrl?: string;
  /** The spec to check against; the built-in one by default. */
  readonly contract?: Contract;
  /** Receives one line per violation as it is found (`proxy: ✗ …`, as the proxy prints them). */
  readonly log?: (line: string) => void;
  /** Header names secret besides kit/secrets' rule (`--redact NAME`), as for the proxy. */
  readonly redact?: readonly string[];
  /** How much of the traffic the reports keep in full, as for the proxy (the rest is counted). */
  readonly keep?: Partial<ObservedBounds>;
  /**
   * The HAR's writer removed the keys (`--keys-removed`; Chrome's "Export HAR (sanitized)", the
   * default, drops Authorization and cookies): a request without an Authorization header is judged
   * as if it carried its key, so the missing key is no violation and the answer is judged as such.
   */
  readonly keysRemoved?: boolean;
}

/** Exchanges of the files that were not judged, and why. */
export interface SkippedTraffic {
  /** To another origin than the API's; `hosts` names the first few. */
  otherHosts: number;
  readonly hosts: string[];
  /** To the API's origin, outside its base path (the app's own pages, say). */
  outsideApi: number;
  /** CORS preflights, HTTP's rather than the API's (the proxy skips them too). */
  preflights: number;
  /** Answers whose text the HAR did not keep (a browser may leave it out). */
  withoutText: number;
}

export interface VerifiedTraffic {
  /** The API's base URL the traffic was judged under. */
  readonly baseUrl: string;
  /** Exchanges judged. */
  readonly exchanges: number;
  readonly skipped: SkippedTraffic;
  /** Violations found, kept or only counted: the gateway's and the client findings (as the proxy counts them). */
  readonly violationCount: number;
  /** The gateway's violations: what `passed`, the feature matrix and the default exit status describe. */
  readonly gatewayViolationCount: number;
  /** Recorded requests that break the contract (`request-valid`): the client's findings, not the gateway's. */
  readonly clientFindingCount: number;
  /** Exchanges judged whose request carried no Authorization header (all of them: a sanitized HAR?). */
  readonly withoutKey: number;
  /**
   * The violations kept (all of the first ones, then examples per cause), as the suite reports a
   * failure: the gateway's, then the client findings.
   */
  violations(): Failure[];
  /** The traffic as conformance.json holds a run. */
  report(): ConformanceReport;
  /** Writes junit.xml, conformance.json and conformance.html into `dir`; returns their paths. */
  writeReports(dir: string): string[];
}

/**
 * Judges recorded traffic against the contract with the proxy's own checks (the same way through
 * them: proxy/judge-relayed.ts): each request with the mock's request stages, each answer with
 * every check the suite runs, event streams read from the HAR's text with the stream rules.
 * Rejects with a TrafficFileError (file, where, why) for a file it cannot read.
 */
export async function verifyTraffic(init: VerifyInit): Promise<VerifiedTraffic> {
  const contract = init.contract ?? loadContract();
  compileAnswerSchemas(contract);
  const given = init.baseUrl === undefined ? undefined : new URL(init.baseUrl);
  const basePath = (given?.pathname ?? apiBasePath(contract)).replace(/\/+$/, '');
  const secrets = new KnownSecrets(secretNames(init.redact));
  const skipped: SkippedTraffic = { otherHosts: 0, hosts: [], outsideApi: 0, preflights: 0, withoutText: 0 };
  let origin = given?.origin;
  let withoutKey = 0;
  let judged: { traffic: ObservedTraffic; judge: Judge } | undefined;
  const start = (at: string): { traffic: ObservedTraffic; judge: Judge } => {
    const traffic = observeTraffic(contract, {
      baseUrl: `${at}${basePath}`,
      source: 'verify',
      // The requests recorded are the client's: a request that breaks the contract is its finding.
      clientChecks: [REQUEST_VALID.name],
      ...(init.keep === undefined ? {} : { bounds: init.keep }),
    });
    const judge = createJudge({ contract, traffic, basePath, secrets, log: init.log ?? (() => undefined) });
    return { traffic, judge };
  };
  for (const file of init.files) {
    for await (const { entry } of readTraffic(file)) {
      const url = new URL(entry.request.url);
      const underBase = url.pathname === basePath || url.pathname.startsWith(`${basePath}/`);
      origin ??= underBase ? url.origin : undefined;
      if (url.origin !== origin) {
        skipped.otherHosts++;
        if (skipped.hosts.length < HOSTS_NAMED && !skipped.hosts.includes(url.host)) skipped.hosts.push(url.host);
        continue;
      }
      if (!underBase) {
        skipped.outsideApi++;
        continue;
      }
      const relayed = await exchangeOfEntry(entry, init.keysRemoved === true);
      if (relayed === undefined) {
        skipped.withoutText++;
        continue;
      }
      judged ??= start(origin);
      if (!judged.judge.admit(relayed)) {
        skipped.preflights++;
        continue;
      }
      if (relayed.requestHeaders.authorization === undefined) withoutKey++;
      judged.judge.judge(relayed);
    }
  }
  const { traffic } = judged ?? start(origin ?? '');
  return {
    baseUrl: `${origin ?? ''}${basePath}`,
    exchanges: traffic.exchanges,
    skipped,
    violationCount: traffic.failureCount + traffic.clientFindingCount,
    gatewayViolationCount: traffic.failureCount,
    clientFindingCount: traffic.clientFindingCount,
    withoutKey,
    violations: () => [...traffic.failures(), ...traffic.clientFindings()],
    report: () => traffic.report(),
    writeReports: (dir) => traffic.writeReports(dir),
  };
}
