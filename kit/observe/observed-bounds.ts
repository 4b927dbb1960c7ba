/** How much of a run of observed traffic the reports keep (docs/ci.md, "What the proxy's reports keep"). */
export interface ObservedBounds {
  /** The first exchanges listed in full: every check result, passes included. */
  readonly exchanges: number;
  /** Exchanges kept in full per root cause after those: each failure of theirs, the example to reproduce. */
  readonly examplesPerCause: number;
}

/** The defaults of `--keep-exchanges` and `--keep-examples` (in the kit: the mock's command reads them at start, without loading the suite). */
export const DEFAULT_OBSERVED_BOUNDS: ObservedBounds = { exchanges: 1_000, examplesPerCause: 20 };
