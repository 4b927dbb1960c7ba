import type { ChangeLocation, Documents } from './describe-location';
import type { RawChange } from './describe-change';
import { resolvePath } from './resolve-path';
import { BOTH, verdict } from './audience-verdict';

/** Whom security requirements and whole parts of an operation (responses, media types, headers, parameters) break (audiences.ts). */

/**
 * Security requirements (`security: [{a: []}, {b: []}]`: any one object, all of its schemes).
 * A scheme added inside a requirement: callers must also satisfy it, gateways must enforce it.
 * A requirement added is a new alternative gateways must accept; removed, one clients lose.
 */
export function securityJudge(change: RawChange) {
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
export function wholeJudge(change: RawChange, location: ChangeLocation, docs: Documents) {
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
