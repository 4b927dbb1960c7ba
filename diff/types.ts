/** What one change to spec/openapi.yaml means for the clients of the API and for the mock. */
export type ChangeSeverity = 'breaking' | 'non-breaking' | 'deprecated' | 'annotation' | 'unclassified';

export const SEVERITIES: readonly ChangeSeverity[] = [
  'breaking',
  'non-breaking',
  'deprecated',
  'unclassified',
  'annotation',
];

/** A step of a JSON path as the diff engine reports it (object keys and array indexes). */
export type PathSegment = string | number;

export interface SpecChange {
  readonly severity: ChangeSeverity;
  readonly action: 'add' | 'remove' | 'replace' | 'rename';
  /** JSON pointer of the change, through resolved `$ref`s (`/paths/~1responses/post/...`). */
  readonly pointer: string;
  /** `GET /model/{author}/{slug}`, or undefined for a change outside `paths`. */
  readonly operation: string | undefined;
  /** The part of the operation or document: `request body (application/json) session_id`. */
  readonly where: string;
  /** The change itself: `maxLength 256 → 128`. */
  readonly what: string;
  /** Why a spec-diff rule overrode the diff engine's class, when one did. */
  readonly reason: string | undefined;
  /**
   * Set when the change was made once in a shared schema (`where` then names the schema) and
   * reached several places: each place as `POST /responses response 400 (application/json) error.code`.
   */
  readonly uses?: readonly string[];
}

export interface SpecDiffResult {
  readonly changes: readonly SpecChange[];
  readonly baseVersion: string | undefined;
  readonly headVersion: string | undefined;
}
