import { isRecord } from '../../kit/json/guards';

/** The gateway's names for the contract's (target file `names`). */
export interface NameMapping {
  /** Contract header name → the gateway's. */
  readonly headers?: Readonly<Record<string, string>>;
  /** Contract member name → the gateway's. */
  readonly members?: Readonly<Record<string, string>>;
}

/**
 * The target file's `names` at the wire. The suite speaks the contract's names inside: requests
 * leave with the gateway's names, answers come in with the gateway's names turned back into the
 * contract's, so every check and schema of spec/openapi.yaml judges them as if the spec used the
 * gateway's names; and what a report says is put back in the gateway's terms.
 */
export interface NameMap {
  /** Request headers as the gateway names them. */
  outgoingHeaders(headers: Readonly<Record<string, string>>): Record<string, string>;
  /** A request body with the gateway's member names (recursively). */
  outgoingBody(body: unknown): unknown;
  /** Answer headers (lower-case names) with the contract's names. */
  incomingHeaders(headers: Readonly<Record<string, string>>): Record<string, string>;
  /** An answer body (or stream event) with the contract's member names (recursively). */
  incomingBody(json: unknown): unknown;
  /** A message about the answer, in the gateway's names. */
  inGatewayTerms(text: string): string;
}

export function createNameMap(mapping: NameMapping = {}): NameMap {
  const headers = Object.entries(mapping.headers ?? {});
  const members = Object.entries(mapping.members ?? {});
  if (headers.length === 0 && members.length === 0) return SAME_NAMES;
  const headerOut = new Map(headers.map(([contract, gateway]) => [contract.toLowerCase(), gateway]));
  const headerIn = new Map(headers.map(([contract, gateway]) => [gateway.toLowerCase(), contract.toLowerCase()]));
  const memberOut = new Map(members);
  const memberIn = new Map(members.map(([contract, gateway]) => [gateway, contract]));
  const words = [...members, ...headers.map(([contract, gateway]): [string, string] => [contract, gateway])].map(
    ([contract, gateway]) => ({ pattern: new RegExp(`(?<![\\w-])${escape(contract)}(?![\\w-])`, 'gi'), gateway }),
  );
  return {
    outgoingHeaders: (given) =>
      Object.fromEntries(
        Object.entries(given).map(([name, value]) => [headerOut.get(name.toLowerCase()) ?? name, value]),
      ),
    outgoingBody: (body) => renameKeys(body, memberOut),
    incomingHeaders: (given) =>
      Object.fromEntries(Object.entries(given).map(([name, value]) => [headerIn.get(name) ?? name, value])),
    incomingBody: (json) => renameKeys(json, memberIn),
    inGatewayTerms: (text) => words.reduce((out, { pattern, gateway }) => out.replace(pattern, gateway), text),
  };
}

/** The gateway uses the contract's names. */
export const SAME_NAMES: NameMap = {
  outgoingHeaders: (headers) => ({ ...headers }),
  outgoingBody: (body) => body,
  incomingHeaders: (headers) => ({ ...headers }),
  incomingBody: (json) => json,
  inGatewayTerms: (text) => text,
};

function renameKeys(value: unknown, names: ReadonlyMap<string, string>): unknown {
  if (Array.isArray(value)) return value.map((item) => renameKeys(item, names));
  if (!isRecord(value)) return value;
  return Object.fromEntries(
    Object.entries(value).map(([key, item]) => [names.get(key) ?? key, renameKeys(item, names)]),
  );
}

function escape(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
