import type { ChangeLocation, Documents } from './describe-location';
import type { RawChange } from './describe-change';
import type { Audience, ChangeSeverity } from './types';
import type { Classification } from './reclassify';
import type { Direction } from './value-set-rules';
import type { AudienceVerdict, Judged } from './audience-verdict';
import {
  BOTH,
  byMove,
  MAY,
  REQUEST_NARROWED,
  REQUEST_WIDENED,
  RESPONSE_NARROWED,
  RESPONSE_WIDENED,
  verdict,
} from './audience-verdict';
import { operationIdJudge, parameterNameJudge, pathRenameJudge, serializationJudge } from './name-judges';
import { securityJudge, wholeJudge } from './operation-judges';
import { accessJudge, defaultJudge, patternJudge, propertyJudge, requiredJudge } from './member-judges';

export type { AudienceVerdict } from './audience-verdict';

/**
 * Which audiences a change breaks, why, and what each must do. Requests: clients send, gateways
 * accept, so a request that accepts less breaks clients (and gateways that still accept it fail
 * the suite's negative requests), one that accepts more breaks gateways that still refuse it.
 * Responses and streams: gateways send, clients accept, so a response that may carry more breaks
 * clients, one that may carry less breaks gateways that still send it. Names that generated code
 * sees (operation ids, path parameters) break clients without a byte changing on the wire.
 * Something new that nobody had to handle before (an operation, an optional member) breaks nobody:
 * a gateway that lacks it has new work, which a minor version announces.
 */
type Judge = (
  change: RawChange,
  location: ChangeLocation,
  docs: Documents,
  severity: ChangeSeverity,
  reason: string | undefined,
) => Judged | undefined;

/** The first that applies decides; `byDirection` decides the rest. */
const JUDGES: readonly Judge[] = [
  serializationJudge,
  notesJudge,
  pathRenameJudge,
  parameterNameJudge,
  operationIdJudge,
  securityJudge,
  wholeJudge,
  propertyJudge,
  requiredJudge,
  accessJudge,
  defaultJudge,
  patternJudge,
];

export function judgeAudiences(
  change: RawChange,
  location: ChangeLocation,
  docs: Documents,
  { severity, reason, direction }: Classification,
): AudienceVerdict {
  const found: Judged =
    JUDGES.reduce<ReturnType<Judge>>(
      (decided, judge) => decided ?? judge(change, location, docs, severity, reason),
      undefined,
    ) ??
    byValues(location, direction, reason) ??
    byDirection(location, severity, reason);
  const why = found.why.startsWith(MAY) ? found.why.slice(MAY.length) : found.why;
  return { ...found, severity: found.severity ?? severityOf(severity, found.breaks, found.why), why };
}

/** The class follows the audiences: breaking when someone breaks; "may break" stays unclassified. */
function severityOf(engine: ChangeSeverity, breaks: readonly Audience[], why: string): ChangeSeverity {
  if (engine === 'annotation' || engine === 'deprecated') return engine;
  if (why.startsWith(MAY)) return 'unclassified';
  if (engine === 'unclassified') return breaks.length === 0 ? 'non-breaking' : 'unclassified';
  return breaks.length > 0 ? 'breaking' : 'non-breaking';
}

function notesJudge(
  _change: RawChange,
  _location: ChangeLocation,
  _docs: Documents,
  severity: ChangeSeverity,
  reason: string | undefined,
) {
  if (severity === 'annotation') return verdict([], reason ?? 'documentation: no client or gateway acts on it');
  if (severity === 'deprecated')
    return verdict([], 'it works as before; clients are told to move away from it before a later major version');
  return undefined;
}

/** A set of values a rule measured (value-set-rules.ts, 3.1 type lists), judged by how it moved. */
function byValues(location: ChangeLocation, direction: Direction | undefined, reason: string | undefined) {
  if (direction === undefined || location.side === undefined) return undefined;
  if (direction === 'same') return verdict([], reason ?? 'the values allowed are the same');
  const judged = byMove(location.side, direction, String(location.tail[0] ?? 'values'));
  return reason && location.side === 'request' && direction === 'widens'
    ? { ...judged, why: `${reason}; gateways that still refuse what is now allowed break` }
    : reason && location.side === 'response' && direction === 'narrows'
      ? { ...judged, why: `${reason}; gateways that still send what it no longer allows break` }
      : reason && direction !== 'both'
        ? { ...judged, why: reason }
        : judged;
}

/**
 * Everything else, from the class the rules gave for the client's side: on a request, breaking
 * means it accepts less, non-breaking that it accepts more; on a response, breaking means it may
 * carry more, non-breaking that it carries less.
 */
function byDirection(location: ChangeLocation, severity: ChangeSeverity, reason: string | undefined) {
  const why = (fallback: string): string => reason ?? fallback;
  if (severity === 'unclassified')
    return verdict(BOTH, `${MAY}${why('the diff could not classify this change')}`, {
      clients: 'review this place against the new spec',
      gateways: 'review this place against the new spec and run the conformance suite',
    });
  const and = (text: string, then: string): string => (reason ? `${reason}; ${then}` : `${text}: ${then}`);
  if (location.side === 'request')
    return severity === 'breaking'
      ? verdict(BOTH, why('the request may refuse what it accepted'), REQUEST_NARROWED)
      : verdict(
          ['gateways'],
          and('the request accepts more than it did', 'gateways that still refuse what is now allowed break'),
          REQUEST_WIDENED,
        );
  if (location.side === 'response')
    return severity === 'breaking'
      ? verdict(['clients'], why('the response may carry what clients do not expect'), RESPONSE_WIDENED)
      : verdict(
          ['gateways'],
          and('the response allows less than it did', 'gateways that still send what it no longer allows break'),
          RESPONSE_NARROWED,
        );
  return severity === 'breaking'
    ? verdict(['clients'], why('the document changed in a way the diff engine calls breaking'))
    : verdict([], why('nothing that clients send or read changes'));
}
