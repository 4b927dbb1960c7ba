import type { Failure, Outcome } from '../engine/types';
import type { CoverageJson } from './coverage';
import type { FeatureMatrix, FeatureRow } from './feature-matrix';
import type { RootCause } from './root-causes';
import type { StatusCoverage, Tally } from './summarize';
import type { ClientFindingsJson } from './client-findings';

/** One root cause as conformance.json lists it: the group (root-causes.ts), its example by index. */
export interface RootCauseJson extends Omit<RootCause, 'example'> {
  /** `25 failures (+3 on the same answers): <cause>`. */
  readonly title: string;
  /** The baseline lists it (`--baseline`). */
  readonly known: boolean;
  /** The run's verdict counts it; false for a cause only the profile's unjudged features or operations have. */
  readonly judged: boolean;
  /** Index in `failures` of the failure that shows it, and its reproduction. */
  readonly example: number;
  readonly curl: string;
}

/** conformance.json as json-report.ts writes it: the page is rendered from this alone. */
export interface ConformanceReportJson {
  readonly suite: string;
  readonly startedAt: string;
  readonly durationMs: number;
  readonly target: {
    readonly baseUrl: string;
    readonly source: string;
    readonly model: string;
    readonly embeddingsModel: string | null;
  };
  /** The run's seed (`--seed` replays it); null for observed traffic, which the suite did not send. */
  readonly seed: number | null;
  /** `--shard I/N`: the share of the scenarios this run took; merge-reports joins the shares. */
  readonly shard?: { readonly index: number; readonly count: number };
  readonly requests: number;
  readonly totals: Tally;
  /** Complete, and no failure other than known ones. */
  readonly passed: boolean;
  /** False when the run stopped early (`incomplete` says why): the results cover what ran. */
  readonly complete: boolean;
  /** What the verdict judges (`--profile`): `full`, the whole API; `openai`, the core alone. */
  readonly profile: FeatureMatrix['profile'];
  /** Features whose failures fail the run under any profile (`--require`). */
  readonly required: readonly string[];
  /** The failures that fail the run: new ones, about a feature the profile judges. */
  readonly failing: number;
  /** The feature matrix: per feature of the API, supported, unsupported, broken or not tested. */
  readonly features: readonly FeatureRow[];
  readonly incomplete?: { readonly kind: string; readonly reason: string };
  /** The spec's operations `--only` left out: not asked, not judged (never failures). */
  readonly notInScope?: readonly string[];
  /** What the traffic exercised of the document and what it never did (report/coverage.ts). */
  readonly coverage?: CoverageJson;
  readonly operations: Readonly<
    Record<string, { readonly checks: Readonly<Record<string, Tally>>; readonly statuses?: StatusCoverage }>
  >;
  readonly scenarios: ReadonlyArray<{
    readonly id: string;
    readonly title: string;
    readonly operation: string;
    readonly outcome: Outcome;
    /** The features its verdicts are about (report/feature-matrix.ts); absent for a scenario that did not run. */
    readonly features?: readonly string[];
    readonly skipReason?: string;
  }>;
  /** Failures grouped by cause, biggest first: what to fix, once each. */
  readonly rootCauses: readonly RootCauseJson[];
  /** How the run compares with its baseline, when it had one. */
  readonly baseline?: {
    readonly file: string;
    readonly known: readonly string[];
    readonly added: readonly string[];
    readonly fixed: readonly string[];
  };
  /**
   * Findings that do not fail the run but are counted (the idle keep-alive race, drops accepted
   * with --accept-dropped-connections): by cause, and each one.
   */
  readonly warnings?: {
    readonly count: number;
    readonly causes: ReadonlyArray<{ readonly cause: string; readonly title: string; readonly count: number }>;
    readonly findings: readonly Failure[];
  };
  /** Observed traffic only: the client's requests that break the contract, apart from the gateway's findings. */
  readonly clientFindings?: ClientFindingsJson;
  /**
   * Observed traffic only: how much of it the lists below keep. `scenarios` and `failures` hold
   * the first `limits.exchanges` exchanges in full and up to `limits.examplesPerCause` more per
   * root cause; totals, the matrix and the root causes' counts cover every exchange.
   */
  readonly kept?: {
    readonly limits: { readonly exchanges: number; readonly examplesPerCause: number; readonly causes: number };
    /** Exchanges in `scenarios`, and those only counted. */
    readonly exchangesListed: number;
    readonly exchangesCounted: number;
    /** Failures in `failures`, and those only counted (in totals and root causes). */
    readonly failuresListed: number;
    readonly failuresCounted: number;
    /** Failures of causes past `limits.causes`: counted in totals, in no root cause. */
    readonly failuresUngrouped: number;
  };
  /** Every failure kept (for observed traffic, see `kept`); `known` when the baseline lists it. */
  readonly failures: ReadonlyArray<Failure & { readonly known?: boolean }>;
}
