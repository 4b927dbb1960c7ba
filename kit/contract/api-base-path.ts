import type { Contract } from './contract-types';
import { ContractError } from './contract-error';

interface ServerObject {
  readonly url?: unknown;
  readonly variables?: Readonly<Record<string, { readonly default?: unknown }>>;
}

/**
 * The path the API is served under: that of the spec's first server address, its variables set
 * to their defaults (`{base_url}` → http://127.0.0.1:4010/api/v1 → `/api/v1`; '' for the root).
 * The mock serves the API there; the suite names it when a base URL lacks it.
 */
export function apiBasePath(contract: Contract): string {
  const server = contract.at<ServerObject[] | undefined>('#/servers')?.[0];
  if (typeof server?.url !== 'string')
    throw new ContractError('the spec names no server address', contract.specPath, { pointer: '#/servers/0/url' });
  const url = server.url.replace(/\{([^}]+)\}/g, (_, name: string) => String(server.variables?.[name]?.default ?? ''));
  return new URL(url, 'http://localhost').pathname.replace(/\/+$/, '');
}
