import { SETTINGS } from '../config/settings';
import type { SettingKey } from '../config/settings';

/** The target fields scenarios may lack that a flag and a variable can give too (settings.ts). */
const FIELD_SETTINGS: Readonly<Record<string, SettingKey>> = {
  managementKey: 'managementKey',
  'guardrail.id': 'guardrailId',
  'guardrail.guardedApiKey': 'guardedApiKey',
  embeddingsModel: 'embeddingsModel',
};

const LACKS = /^the target does not provide (?:what .* needs \()?([\w.]+(?:, [\w.]+)*)\)?$/;

/**
 * One line per reason scenarios were skipped, biggest first: how many, why, and where what they
 * lack is given (`24 scenarios skipped: the target does not provide guardrail.id (give it with
 * --guardrail-id or CONFORMANCE_GUARDRAIL_ID)`), so a run that skips says how to run them.
 */
export function skipSummary(reasons: readonly string[]): string[] {
  const counts = new Map<string, number>();
  for (const reason of reasons) counts.set(reason, (counts.get(reason) ?? 0) + 1);
  return [...counts]
    .sort((a, b) => b[1] - a[1])
    .map(([reason, n]) => `${n} scenario${n === 1 ? '' : 's'} skipped: ${reason}${howToGive(reason)}`);
}

function howToGive(reason: string): string {
  const fields = LACKS.exec(reason)?.[1]?.split(', ');
  if (fields === undefined) return '';
  const ways = fields.map((field) => {
    const setting = SETTINGS.find((s) => s.key === FIELD_SETTINGS[field]);
    // Keys are best given by their variable: a flag's value shows in CI logs.
    if (setting?.secret === true) return `${setting.env}`;
    if (setting) return `--${setting.flag} or ${setting.env}`;
    return `"${field}" in a --target file`;
  });
  return ` (give ${fields.length === 1 ? 'it' : 'them'} with ${ways.join('; ')})`;
}
