/**
 * Freezes a parsed JSON value and everything in it, and returns it. A body shared by requests
 * with the same bytes (see RequestValidatorOptions.reuseBodies) is frozen, so a handler that tried
 * to change it would fail loudly (a TypeError in strict mode) rather than change the next answer.
 */
export function deepFreeze<T>(value: T): T {
  if (typeof value !== 'object' || value === null || Object.isFrozen(value)) return value;
  for (const member of Object.values(value)) deepFreeze(member);
  return Object.freeze(value);
}
