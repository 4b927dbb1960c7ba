import type { FixturesIssue } from './fixtures-error';
import type { Fixtures } from '../core/fixture-model/fixture-types';
import { findDuplicates } from './find-duplicates';
import { hashKey } from '../core/fixture-model/hash-key';

/**
 * Checks on keys and guardrails that the schema cannot express: unique key strings,
 * unique guardrail ids, and assignments that point at keys this file defines.
 */
export function checkAccess(fixtures: Fixtures): FixturesIssue[] {
  const issues: FixturesIssue[] = [];
  // Key strings are case-sensitive secrets, so compare them exactly.
  const seenKeys = new Map<string, number>();
  fixtures.keys.forEach((key, i) => {
    const first = seenKeys.get(key.key);
    if (first === undefined) seenKeys.set(key.key, i);
    else issues.push({ path: `/keys/${i}/key`, message: `repeats the key already defined at /keys/${first}/key` });
  });

  // Guardrails are addressed by id, which is UUID-shaped (GuardrailId: format uuid) and so case-insensitive.
  issues.push(
    ...findDuplicates(
      fixtures.guardrails.map((g, i) => ({ path: `/guardrails/${i}/id`, name: g.id })),
      'guardrail id',
    ),
  );

  const knownHashes = new Set(fixtures.keys.map((key) => hashKey(key.key)));
  fixtures.guardrails.forEach((guardrail, g) => {
    guardrail.assigned_key_hashes.forEach((hash, h) => {
      if (!knownHashes.has(hash)) {
        issues.push({
          path: `/guardrails/${g}/assigned_key_hashes/${h}`,
          message: 'is not the SHA-256 of any key in /keys (hash the key string, lowercase hex)',
        });
      }
    });
  });
  return issues;
}
