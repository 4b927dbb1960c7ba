import { expectUnassignedCount } from '../checks/unassigned-count-matches';
import { expectStatus } from '../checks/status-matches-rule';
import { missing } from '../engine/scenario';
import type { PlanContext, SuiteScenario } from '../engine/scenario';
import { UNKNOWN_GUARDRAIL_ID, UNKNOWN_KEY_HASH, baseRequest, fillPath } from './base-requests';
import { guardrailStillBlocks } from './guardrail-precondition';

const OP = 'unassignGuardrailKeys';
/** How many times the counting request repeats each assigned hash. */
const TIMES_EACH = 3;

/**
 * Guardrail key unassignment counting (UnassignKeysResult, unassignGuardrailKeys). Read-only cases run with the rest;
 * the one that really unassigns the target's `keyHashes` runs in the mutating phase, after the
 * guardrail block scenarios, and is followed by a second identical call that must count 0. It
 * first checks that the guarded key is still blocked: if an earlier run unassigned the keys, it is
 * skipped with how to reset instead of failing the gateway for it.
 * (An empty `key_hashes` list is one of the derived limit cases.)
 */
export function unassignScenarios(plan: PlanContext): SuiteScenario[] {
  const { guardrail, managementKey } = plan.config;
  const op = plan.operation(OP);
  const needsGuardrail = missing([
    ['managementKey', managementKey],
    ['guardrail.id', guardrail.id],
  ]);
  const needsHashes = missing([
    ['managementKey', managementKey],
    ['guardrail.id', guardrail.id],
    ['guardrail.keyHashes', guardrail.keyHashes],
  ]);
  // One per key: hex hashes that differ only in case name the same key.
  const distinct = [...new Map(guardrail.keyHashes.map((h) => [h.toLowerCase(), h])).values()];
  return [
    {
      id: `guardrail/${OP}/unknown-guardrail`,
      title: 'returns 404 for an unknown guardrail',
      operationId: OP,
      phase: 'main',
      skipReason: missing([['managementKey', managementKey]]),
      async run(ctx) {
        const path = fillPath(op, { id: UNKNOWN_GUARDRAIL_ID });
        await ctx.send(baseRequest(plan, OP, { path }), [
          expectStatus({
            check: 'unassigned-count-matches',
            family: 'guardrail',
            rule: 'unassignGuardrailKeys 404',
            statuses: [404],
            because: 'the guardrail does not exist',
          }),
        ]);
      },
    },
    {
      id: `guardrail/${OP}/unknown-hashes`,
      title: 'counts 0 for hashes of keys that are not assigned',
      operationId: OP,
      phase: 'main',
      skipReason: needsGuardrail,
      async run(ctx) {
        const body = { key_hashes: [UNKNOWN_KEY_HASH, UNKNOWN_KEY_HASH.replace(/0/g, 'e')] };
        await ctx.send(baseRequest(plan, OP, { body }), [expectUnassignedCount(0, 'unknown hashes count 0')]);
      },
    },
    {
      id: `guardrail/${OP}/unassign-twice`,
      title: 'counts each assigned key once (repeats and unknown hashes 0), then 0 on a second call',
      operationId: OP,
      phase: 'mutating',
      skipReason: needsHashes,
      precondition: (ctx) => guardrailStillBlocks(plan, ctx),
      async run(ctx) {
        // Each hash three times: counting repeats (3 per key) and counting the unknown hash (1 more) then differ.
        const repeated = distinct.flatMap((hash) => Array<string>(TIMES_EACH).fill(hash));
        const body = { key_hashes: [...repeated, UNKNOWN_KEY_HASH] };
        const sent = { assigned: distinct.length, timesEach: TIMES_EACH, unknown: 1 };
        await ctx.send(baseRequest(plan, OP, { body }), [
          expectUnassignedCount(
            distinct.length,
            `${distinct.length} assigned key(s), each sent ${TIMES_EACH} times, plus one unknown hash`,
            guardrail.guardedApiKey === undefined
              ? 'check that guardrail.keyHashes are the hashes of keys assigned to the guardrail at the start of the run'
              : 'the guarded key was blocked just before, so guardrail.keyHashes are probably not the hashes of the keys assigned to this guardrail (the mock hashes a key with SHA-256, in hex)',
            sent,
          ),
        ]);
        await ctx.send(baseRequest(plan, OP, { body }), [
          expectUnassignedCount(0, 'the keys were already unassigned by the first call'),
        ]);
      },
    },
  ];
}
