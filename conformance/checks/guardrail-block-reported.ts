import type { Expectation, Finding } from '../engine/types';
import { optsIn } from './service-metadata-present';
import { wrongStatus } from './status-matches-rule';
import { isRecord } from '../../kit/json/guards';
import { schemaErrorLines } from '../../kit/schema/schema-problems';

export interface GuardrailBlockSpec {
  /** Schema of a guardrail block body, e.g. `#/components/schemas/GuardrailBlockError`. */
  readonly schema: string;
  /** The header whose `enabled` opts the request in to routing metadata (current or legacy name), if any. */
  readonly metadataHeader?: string;
  /** The guardrail expected to have blocked, when the target names it. */
  readonly guardrailId?: string;
  /** Said when the input went through: what on the target's side may explain it. */
  readonly notBlockedHint?: string;
}

/**
 * A blocked request gets 403 whose `error.metadata.patterns` names the matched patterns; with the
 * metadata header, `service_metadata` is included with every member of GuardrailBlockError and a guardrail stage.
 */
export function expectGuardrailBlock(spec: GuardrailBlockSpec): Expectation {
  return {
    check: 'guardrail-block-reported',
    family: 'guardrail',
    rule: '#/components/schemas/GuardrailBlockError',
    verify(exchange, ctx) {
      const response = exchange.response;
      if (response?.status !== 403)
        return [
          wrongStatus(response?.status, {
            expected: '403',
            subject: 'input the guardrail blocks',
            because: `the guardrail blocks this input for the guarded key (GuardrailBlockError)${spec.notBlockedHint ?? ''}`,
          }),
        ];
      const findings: Finding[] = [];
      const validate = ctx.contract.validator(spec.schema);
      if (!validate(response.json)) {
        findings.push({
          message: `the block does not match ${spec.schema}:\n${schemaErrorLines(validate.errors).join('\n')}`,
          expected: `a body valid against ${spec.schema}`,
        });
      }
      const body = isRecord(response.json) ? response.json : {};
      const error = isRecord(body.error) ? body.error : {};
      const patterns = isRecord(error.metadata) ? error.metadata.patterns : undefined;
      if (!Array.isArray(patterns) || patterns.length === 0) {
        findings.push({
          message:
            patterns === undefined
              ? 'the block has no error.metadata.patterns'
              : `error.metadata.patterns is ${JSON.stringify(patterns)}`,
          expected: 'an array naming the matched patterns',
        });
      }
      // Read from the request, so that the answer can be judged as one to the request without the header.
      if (spec.metadataHeader !== undefined && optsIn(exchange, spec.metadataHeader))
        findings.push(...serviceMetadataFindings(body.service_metadata, spec.guardrailId));
      return findings;
    },
  };
}

function serviceMetadataFindings(metadata: unknown, guardrailId: string | undefined): Finding[] {
  const rule = '#/components/schemas/GuardrailBlockError';
  if (!isRecord(metadata)) {
    return [
      {
        rule,
        message: `${metadata === undefined ? 'the block has no service_metadata' : `service_metadata is ${JSON.stringify(metadata)}`} although the request opted in`,
        expected: 'service_metadata with attempt, endpoints, is_byok, region, requested, strategy, summary, pipeline',
      },
    ];
  }
  const stages = Array.isArray(metadata.pipeline) ? metadata.pipeline.filter(isRecord) : [];
  const guardrailStages = stages.filter((stage) => stage.type === 'guardrail');
  if (guardrailStages.length === 0) {
    return [
      {
        rule,
        message: `service_metadata.pipeline has no stage of type "guardrail" (${stages.map((s) => String(s.type)).join(', ') || 'empty'})`,
        expected: 'a guardrail stage in the pipeline',
      },
    ];
  }
  if (
    guardrailId !== undefined &&
    !guardrailStages.some((s) => String(s.guardrail_id).toLowerCase() === guardrailId.toLowerCase())
  ) {
    return [
      {
        rule,
        message: `no guardrail stage names guardrail ${guardrailId} (${guardrailStages.map((s) => String(s.guardrail_id)).join(', ')})`,
        expected: `a guardrail stage with guardrail_id ${guardrailId}`,
      },
    ];
  }
  return [];
}
