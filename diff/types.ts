/** What one change to spec/openapi.yaml means for the clients of the API and for the mock. */
export type ChangeSeverity = 'breaking' | 'non-breaking' | 'deprecated' | 'annotation' | 'unclassified';

export const SEVERITIES: readonly ChangeSeverity[] = [
  'breaking',
  'non-breaking',
  'deprecated',
  'unclassified',
  'annotation',
];

/**
 * Who a change can break. Requests: clients send, gateways accept; responses (streams included):
 * gateways send, clients accept. Clients also see names (operation ids, path parameters) through
 * the code generated from the spec.
 */
export type Audience = 'clients' | 'gateways';

export const AUDIENCES: readonly Audience[] = ['clients', 'gateways'];

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
   * The audiences the change breaks (`[]`: nobody). For an `unclassified` change, the audiences
   * it may break: nobody could decide it (audiences.ts).
   */
  readonly breaks: readonly Audience[];
  /** Why it breaks those audiences, or nobody. */
  readonly why: string;
  /** What each broken audience must do, one line each. */
  readonly todo: Readonly<Partial<Record<Audience, string>>>;
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
