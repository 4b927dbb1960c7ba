/**
 * What fails a run of observed traffic (the proxy's and verify's `--fail-on`): the gateway's
 * violations (its answers), the client findings (its requests that break the contract), or
 * either. One decision for both commands, so the same traffic exits the same way live and recorded.
 */
export type FailOn = 'gateway' | 'client' | 'both';

export const FAIL_ON: readonly FailOn[] = ['gateway', 'client', 'both'];

/** The default: the gateway is judged on its answers; a client's bad request is the client's to fix. */
export const DEFAULT_FAIL_ON: FailOn = 'gateway';

/** `--fail-on WHO` read, or undefined for a word that is none of FAIL_ON's. */
export function failOnOf(raw: string): FailOn | undefined {
  return FAIL_ON.find((who) => who === raw);
}

/** Whether the findings fail the run (exit 1) under `failOn`. */
export function failsRun(failOn: FailOn, found: { readonly gateway: number; readonly client: number }): boolean {
  return (failOn !== 'client' && found.gateway > 0) || (failOn !== 'gateway' && found.client > 0);
}
