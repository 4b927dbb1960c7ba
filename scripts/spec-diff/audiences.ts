import type { ChangeLocation, Documents } from './describe-location';
import type { RawChange } from './describe-change';
import { comparePatterns } from './pattern-containment';
import type { PatternMove } from './pattern-containment';
import { resolvePath } from './resolve-path';
import type { Audience, ChangeSeverity } from './types';
import { wireChange } from './parameter-wire';
import type { Classification } from './reclassify';
import type { Direction } from './value-set-rules';

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
export interface AudienceVerdict {
  readonly severity: ChangeSeverity;
  readonly breaks: readonly Audience[];
  readonly why: string;
  readonly todo: Readonly<Partial<Record<Audience, string>>>;
}

const BOTH: readonly Audience[] = ['clients', 'gateways'];

type Todo = Partial<Record<Audience, string>>;

function verdict(breaks: readonly Audience[], why: string, todo: Todo = {}): Omit<AudienceVerdict, 'severity'> {
  return {
    breaks,
    why,
    todo: Object.fromEntries(breaks.map((audience) => [audience, todo[audience] ?? DEFAULT_TODO[audience]])),
  };
}

const DEFAULT_TODO: Readonly<Record<Audience, string>> = {
  clients: 'review the calls and generated types that use this place, then regenerate typed clients',
  gateways: 'update the implementation to the new contract here and run the conformance suite',
};

/** What each audience does about a set of values that moved, on each side. */
const REQUEST_NARROWED: Todo = {
  clients: 'send only what the new schema allows here (regenerate typed clients)',
  gateways: 'refuse with 400 what the new schema no longer allows here',
};
const REQUEST_WIDENED: Todo = { gateways: 'accept what the new schema allows here instead of refusing it with 400' };
const RESPONSE_WIDENED: Todo = {
  clients: 'handle the new values, types or shapes here (an exhaustive switch needs a case; regenerate typed clients)',
};
const RESPONSE_NARROWED: Todo = { gateways: 'stop sending what the response no longer allows here' };

type Judged = ReturnType<typeof verdict> & { readonly severity?: ChangeSeverity };

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

const MAY = 'may break: ';

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

const PATH_PARAMETER_RENAMED = verdict(
  ['clients'],
  "no byte changes on the wire, but generated clients name the argument after the path parameter (the mock reads path parameters by their place in the spec's template)",
  { clients: 'rename the argument in calls made through generated clients after regenerating them' },
);

/** `/model/{author}/{slug}` → `/model/{author}/{model_slug}`: the same requests, other argument names. */
function pathRenameJudge(change: RawChange) {
  if (change.action !== 'rename' || change.path.length !== 1 || change.path[0] !== 'paths') return undefined;
  const shape = (route: unknown): string => String(route).replace(/\{[^}]*\}/g, '{}');
  if (shape(change.before) === shape(change.after)) return PATH_PARAMETER_RENAMED;
  return verdict(BOTH, 'requests go to another path', {
    clients: 'call the new path',
    gateways: 'serve the new path',
  });
}

/** A parameter's `name`: a path parameter's only names an argument; any other is another parameter. */
function parameterNameJudge(change: RawChange, location: ChangeLocation, docs: Documents) {
  if (location.tail.length !== 1 || location.tail[0] !== 'name' || !/parameter `/.test(location.where))
    return undefined;
  // The engine reports the rename under the path as it was, which the new document may not have.
  const where = [docs.before, docs.after].map(
    (document) => (resolvePath(document, change.path.slice(0, -1)) as { in?: unknown } | undefined)?.in,
  );
  if (where.includes('path')) return PATH_PARAMETER_RENAMED;
  return verdict(BOTH, 'requests must carry the parameter under its new name', {
    clients: 'send the parameter under its new name',
    gateways: 'read the parameter under its new name',
  });
}

function operationIdJudge(change: RawChange) {
  const { path } = change;
  if (path[0] !== 'paths' || path.length !== 4 || path[3] !== 'operationId') return undefined;
  return verdict(
    ['clients'],
    'generated clients name their calls after the operationId (and the mock finds its handler by it); the wire does not change',
    {
      clients: 'rename the calls made through generated clients after regenerating them',
    },
  );
}

/** `style` / `explode` of a parameter: judged by what they change on the wire for its type. */
function serializationJudge(change: RawChange, location: ChangeLocation, docs: Documents) {
  const keyword = location.tail[0];
  if (
    (keyword !== 'style' && keyword !== 'explode') ||
    location.tail.length !== 1 ||
    !/parameter `/.test(location.where)
  )
    return undefined;
  const parameterPath = change.path.slice(0, -1);
  const moved = wireChange(resolvePath(docs.before, parameterPath), resolvePath(docs.after, parameterPath));
  // The engine calls some of these annotations, others breaking: the wire decides.
  if (!moved.changes) return { ...verdict([], moved.why), severity: 'non-breaking' as const };
  return {
    ...verdict(BOTH, moved.why, {
      clients: 'serialize the parameter the new way (regenerate typed clients)',
      gateways: 'parse the parameter the new way',
    }),
    severity: 'breaking' as const,
  };
}

/**
 * Security requirements (`security: [{a: []}, {b: []}]`: any one object, all of its schemes).
 * A scheme added inside a requirement: callers must also satisfy it, gateways must enforce it.
 * A requirement added is a new alternative gateways must accept; removed, one clients lose.
 */
function securityJudge(change: RawChange) {
  const { path, action } = change;
  const at = path.lastIndexOf('security');
  if (at === -1 || path[0] === 'components' || typeof path[at + 1] !== 'number') return undefined;
  if (path.length === at + 2 && action !== 'replace') {
    return action === 'add'
      ? verdict(['gateways'], 'a new way to authenticate (or none) that gateways must accept', {
          gateways: 'accept requests that authenticate this way',
        })
      : verdict(['clients'], 'a way to authenticate clients used is no longer accepted', {
          clients: 'authenticate with one of the remaining requirements',
        });
  }
  if (path.length === at + 3) {
    return action === 'add'
      ? verdict(BOTH, 'callers must now satisfy this scheme as well', {
          clients: 'send the credentials of this scheme too',
          gateways: 'refuse requests without it (401)',
        })
      : verdict(['gateways'], 'requests without this scheme are now enough', {
          gateways: 'stop requiring this scheme here',
        });
  }
  return undefined;
}

/** An operation, response, media type, header or parameter added or removed as a whole. */
function wholeJudge(change: RawChange, location: ChangeLocation, docs: Documents) {
  const { action } = change;
  if (location.side === 'response' && location.tail.length === 1 && location.tail[0] === 'headers') {
    const headers = Object.values((action === 'remove' ? change.before : change.after) ?? {}) as unknown[];
    const required = headers.some((header) => (header as { required?: unknown } | null)?.required === true);
    if (action === 'remove')
      return verdict(['clients'], 'clients that read these headers lose them', { clients: 'stop reading them' });
    return required
      ? verdict(['gateways'], 'a required response header gateways must send', { gateways: 'send these headers' })
      : verdict([], 'optional response headers: clients may read them, gateways may send them');
  }
  if (location.tail.length !== 0 || (action !== 'add' && action !== 'remove')) return undefined;
  const added = action === 'add';
  const { where } = location;
  if (where === 'operation') {
    return added
      ? verdict([], 'a new operation: clients may call it; gateways have new work, which a minor version announces')
      : verdict(['clients'], 'clients that call it get 404', { clients: 'stop calling it' });
  }
  if (/^response \S+$/.test(where)) {
    return added
      ? verdict([], 'a documented status more: HTTP clients already handle any status, and gateways may send it')
      : verdict(
          ['gateways'],
          'gateways that still send this status no longer conform; clients that handle it lose nothing',
          {
            gateways: 'stop sending this status here (answer with one the operation still lists)',
          },
        );
  }
  if (/^response \S+ header /.test(where)) {
    const header = resolvePath(docs.after, change.path) as { required?: unknown } | undefined;
    if (added)
      return header?.required === true
        ? verdict(['gateways'], 'a required response header gateways must send', { gateways: 'send this header' })
        : verdict([], 'an optional response header: clients may read it, gateways may send it');
    return verdict(['clients'], 'clients that read this header lose it', { clients: 'stop reading this header' });
  }
  if (/^response \S+ \([^)]*\)$/.test(where)) {
    return added
      ? verdict([], 'a media type more that clients may ask for')
      : verdict(BOTH, 'clients that ask for this media type can no longer get it, gateways must no longer send it', {
          clients: 'ask for a media type the response still has',
          gateways: 'stop answering with this media type',
        });
  }
  if (/^request body \([^)]*\)$/.test(where)) {
    return added
      ? verdict(['gateways'], 'gateways must accept a body of this media type', { gateways: 'accept this media type' })
      : verdict(['clients'], 'clients that send this media type are refused', {
          clients: 'send a media type the operation still accepts',
        });
  }
  if (/parameter `/.test(where)) {
    const parameter = resolvePath(docs.after, change.path) as { required?: unknown } | undefined;
    if (added)
      return parameter?.required === true
        ? verdict(BOTH, 'a required parameter: requests without it are refused', {
            clients: 'send it',
            gateways: 'refuse requests without it (400)',
          })
        : verdict([], 'an optional parameter: clients may leave it out');
    return verdict(['clients'], 'clients that send it have it ignored or refused', { clients: 'stop sending it' });
  }
  return undefined;
}

/** A property added or removed (whether it is required is the `required` list's change). */
function propertyJudge(change: RawChange, location: ChangeLocation) {
  const { path, action } = change;
  if (path[path.length - 2] !== 'properties' || location.side === undefined) return undefined;
  if (action === 'add')
    return verdict(
      [],
      location.side === 'request'
        ? 'an optional member more: clients may leave it out'
        : 'a response may carry more members; readers ignore what they do not know',
    );
  if (action !== 'remove') return undefined;
  return location.side === 'request'
    ? verdict(['clients'], 'clients that send it will have it ignored or rejected', { clients: 'stop sending it' })
    : verdict(['clients'], 'clients and generated types that read it lose it', {
        clients: 'stop reading it (regenerate typed clients)',
      });
}

/** A name added to or removed from a `required` list, or a parameter's `required` flag. */
function requiredJudge(change: RawChange, location: ChangeLocation) {
  const { path, action } = change;
  const listed = path[path.length - 2] === 'required' && typeof path[path.length - 1] === 'number';
  const flag =
    location.tail.length === 1 && location.tail[0] === 'required' && /parameter `| header /.test(location.where);
  if ((!listed && !flag) || location.side === undefined || action === 'replace' || action === 'rename')
    return undefined;
  const now = flag ? (action === 'remove' ? false : change.after === true) : action === 'add';
  if (location.side === 'request') {
    return now
      ? verdict(BOTH, 'requests without it are now refused', {
          clients: 'always send it',
          gateways: 'refuse requests without it (400)',
        })
      : verdict(['gateways'], 'requests may now leave it out', { gateways: 'accept requests without it' });
  }
  return now
    ? verdict(['gateways'], 'every response must now carry it', { gateways: 'always send it' })
    : verdict(['clients'], 'responses may now leave it out', {
        clients: 'handle its absence (regenerate typed clients)',
      });
}

/** `readOnly`: not sent in requests; `writeOnly`: not returned in responses. */
function accessJudge(change: RawChange, location: ChangeLocation) {
  const keyword = location.tail[0];
  if ((keyword !== 'readOnly' && keyword !== 'writeOnly') || location.tail.length !== 1 || location.side === undefined)
    return undefined;
  const on = change.action !== 'remove' && change.after === true;
  const concerned = keyword === 'readOnly' ? 'request' : 'response';
  if (location.side !== concerned) return verdict([], `${keyword} says nothing about the ${location.side} here`);
  if (keyword === 'readOnly') {
    return on
      ? verdict(['clients'], 'clients should no longer send it, and generated request types leave it out', {
          clients: 'stop sending it',
        })
      : verdict(['gateways'], 'clients may now send it', { gateways: 'accept it in requests' });
  }
  return on
    ? verdict(['clients'], 'responses no longer return it, and generated response types leave it out', {
        clients: 'stop reading it',
      })
    : verdict([], 'responses may now return it; readers ignore what they do not know');
}

/** A request member's `default` is what gateways assume when a client leaves it out. */
function defaultJudge(change: RawChange, location: ChangeLocation) {
  if (location.tail[0] !== 'default' || location.side === undefined) return undefined;
  if (location.side === 'response')
    return verdict([], 'a response default documents a value; clients get what is sent');
  if (change.action === 'add')
    return verdict(['gateways'], 'gateways must assume this value when a client leaves the member out', {
      gateways: 'use this value when the member is absent',
    });
  if (change.action === 'remove')
    return verdict(['clients'], 'leaving the member out no longer promises a value', {
      clients: 'send the value you relied on',
    });
  return verdict(BOTH, 'leaving the member out now means another value', {
    clients: 'send the old value where you relied on it',
    gateways: 'use the new value when the member is absent',
  });
}

/** `pattern`: decided by comparing the two regular languages (pattern-containment.ts). */
function patternJudge(change: RawChange, location: ChangeLocation) {
  if (location.tail.length !== 1 || location.tail[0] !== 'pattern' || location.side === undefined) return undefined;
  let move: PatternMove | undefined;
  if (change.action === 'add') move = 'narrows';
  else if (change.action === 'remove') move = 'widens';
  else if (typeof change.before === 'string' && typeof change.after === 'string')
    move = comparePatterns(change.before, change.after);
  if (move === 'same') return verdict([], 'the new pattern allows exactly the same strings');
  if (move === undefined) {
    const who: readonly Audience[] = BOTH;
    return verdict(
      who,
      `${MAY}the patterns cannot be compared (a form other than classes, groups, | and quantifiers), so the strings allowed may have moved either way`,
      {
        clients: location.side === 'request' ? REQUEST_NARROWED.clients : RESPONSE_WIDENED.clients,
        gateways: location.side === 'request' ? REQUEST_WIDENED.gateways : RESPONSE_NARROWED.gateways,
      },
    );
  }
  return byMove(location.side, move, 'pattern');
}

/** A set of values that moved, judged for its side. */
function byMove(side: 'request' | 'response', move: Exclude<PatternMove, 'same'>, keyword: string) {
  const by = ` (${keyword})`;
  if (side === 'request') {
    if (move === 'widens')
      return verdict(
        ['gateways'],
        `the request accepts values it refused: gateways that still refuse them break${by}`,
        REQUEST_WIDENED,
      );
    if (move === 'narrows') return verdict(BOTH, `the request refuses values it accepted${by}`, REQUEST_NARROWED);
    return verdict(BOTH, `the request accepts some values it refused and refuses some it accepted${by}`, {
      ...REQUEST_NARROWED,
      gateways: 'accept and refuse values by the new rule here',
    });
  }
  if (move === 'widens')
    return verdict(['clients'], `the response may carry values clients do not expect${by}`, RESPONSE_WIDENED);
  if (move === 'narrows')
    return verdict(['gateways'], `the response may no longer carry values gateways sent${by}`, RESPONSE_NARROWED);
  return verdict(BOTH, `the response may carry new values and no longer some old ones${by}`, {
    ...RESPONSE_WIDENED,
    ...RESPONSE_NARROWED,
  });
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
