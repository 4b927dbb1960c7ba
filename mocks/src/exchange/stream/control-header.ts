import type { RequestHeaders } from '../mock-request';
import { GatewayError } from '../gateway-error';

/** A mock control header holding a number from 0 to `max` (a whole one if `integer`); a bad value is a 400 naming it. */
export function readNumberHeader(
  headers: RequestHeaders,
  name: string,
  max: number,
  integer = false,
): number | undefined {
  const raw = headers[name];
  if (raw === undefined) return undefined;
  const value = typeof raw === 'string' && raw.trim() !== '' ? Number(raw) : NaN;
  if (!Number.isFinite(value) || value < 0 || value > max || (integer && !Number.isInteger(value))) {
    throw new GatewayError(
      400,
      `Header ${name} must be a ${integer ? 'whole ' : ''}number from 0 to ${max}, got "${String(raw)}"`,
    );
  }
  return value;
}
