import { GatewayError } from '../../../exchange/gateway-error';

/** The choices of a Prism-compatible `Prefer` header: `code=404, example=notFound, dynamic=true`. */
export interface PreferExample {
  readonly code?: number;
  readonly example?: string;
  readonly dynamic?: boolean;
}

/** Errors about the Prefer header concern the mock's controls, not the API (see GatewayErrorOptions). */
const CONTROL = { mockControl: true } as const;

export function parsePrefer(header: string): PreferExample {
  const asked: { code?: number; example?: string; dynamic?: boolean } = {};
  for (const part of header.split(/[,;]/)) {
    const trimmed = part.trim();
    if (trimmed === '') continue;
    const eq = trimmed.indexOf('=');
    const name = (eq === -1 ? trimmed : trimmed.slice(0, eq)).trim().toLowerCase();
    const value =
      eq === -1
        ? ''
        : trimmed
            .slice(eq + 1)
            .trim()
            .replace(/^"(.*)"$/, '$1');
    if (name === 'code') {
      if (!/^\d{3}$/.test(value))
        throw new GatewayError(400, `Prefer: code=${value} is not an HTTP status code`, CONTROL);
      asked.code = Number(value);
    } else if (name === 'example') {
      if (value === '') throw new GatewayError(400, 'Prefer: example= needs the name of an example', CONTROL);
      asked.example = value;
    } else if (name === 'dynamic') {
      if (value !== 'true' && value !== 'false')
        throw new GatewayError(400, `Prefer: dynamic=${value} must be true or false`, CONTROL);
      asked.dynamic = value === 'true';
    }
    // Other preferences (RFC 7240: return=, respond-async...) are not example choices; ignore them.
  }
  return asked;
}
