import { SpecDiffError } from './git-spec';
import { AUDIENCES } from './types';
import type { Audience, SpecChange } from './types';

/** `--audience clients|gateways|both`: the audiences a gate guards (default both). */
export const AUDIENCE_CHOICES = ['clients', 'gateways', 'both'] as const;

export function parseAudience(value: string | undefined): readonly Audience[] {
  if (value === undefined || value === 'both') return AUDIENCES;
  if (value === 'clients' || value === 'gateways') return [value];
  throw new SpecDiffError(`--audience must be one of ${AUDIENCE_CHOICES.join(', ')}, not "${value}"`);
}

/** `clients and gateways`, `clients` */
export function audienceLabel(audiences: readonly Audience[]): string {
  return audiences.join(' and ');
}

/** Whether the change breaks (or, unclassified, may break) one of the guarded audiences. */
export function breaksGuarded(change: SpecChange, audiences: readonly Audience[]): boolean {
  if (change.severity !== 'breaking' && change.severity !== 'unclassified') return false;
  return change.breaks.some((audience) => audiences.includes(audience));
}
