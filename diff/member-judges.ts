import type { ChangeLocation } from './describe-location';
import type { RawChange } from './describe-change';
import { comparePatterns } from './pattern-containment';
import type { PatternMove } from './pattern-containment';
import type { Audience } from './types';
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

/** Whom a change to one member of a request or response breaks: added, removed, required, readOnly, default, pattern (audiences.ts). */

/** A property added or removed (whether it is required is the `required` list's change). */
export function propertyJudge(change: RawChange, location: ChangeLocation) {
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
export function requiredJudge(change: RawChange, location: ChangeLocation) {
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
export function accessJudge(change: RawChange, location: ChangeLocation) {
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
export function defaultJudge(change: RawChange, location: ChangeLocation) {
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
export function patternJudge(change: RawChange, location: ChangeLocation) {
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
