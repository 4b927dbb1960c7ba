import type { Agent } from 'node:http';
import { HttpProxyAgent } from 'http-proxy-agent';
import { HttpsProxyAgent } from 'https-proxy-agent';
import { ProxyAgent, fetch as undiciFetch } from 'undici';

/** The proxy variables of the environment the CLI runs in (runConformance from code reads none). */
export type ProxyEnv = Readonly<Partial<Record<(typeof PROXY_VARIABLES)[number], string>>>;

export const PROXY_VARIABLES = [
  'HTTPS_PROXY',
  'https_proxy',
  'HTTP_PROXY',
  'http_proxy',
  'NO_PROXY',
  'no_proxy',
] as const;

/** The proxy variables of `env`, and no other. */
export function proxyEnv(env: NodeJS.ProcessEnv): ProxyEnv {
  return Object.fromEntries(PROXY_VARIABLES.flatMap((name) => (env[name] ? [[name, env[name]]] : [])));
}

/** The variable whose proxy a request to `url` goes through, as curl chooses it (loopback addresses always directly); undefined: a direct connection. */
export function proxyVariableFor(url: string, env: ProxyEnv): (typeof PROXY_VARIABLES)[number] | undefined {
  const target = new URL(url);
  const names =
    target.protocol === 'https:' ? (['HTTPS_PROXY', 'https_proxy'] as const) : (['HTTP_PROXY', 'http_proxy'] as const);
  const name = names.find((n) => (env[n] ?? '').trim() !== '');
  if (name === undefined || loopback(target) || bypassed(target, env.NO_PROXY ?? env.no_proxy ?? '')) return undefined;
  return name;
}

/** The runner's own machine: a proxy elsewhere cannot reach it, so it is always connected to directly. */
function loopback(url: URL): boolean {
  const host = url.hostname.replace(/^\[|\]$/g, '').toLowerCase();
  return host === 'localhost' || host.endsWith('.localhost') || /^127\./.test(host) || host === '::1';
}

/** The proxy's address without its credentials, for the run's first line. */
export function shownProxy(proxy: string): string {
  try {
    const url = new URL(proxy);
    return url.host;
  } catch {
    return 'an address that is not a URL';
  }
}

/**
 * How requests to one address travel: directly, or through the proxy the environment names. The
 * suite's two clients each need their own form of it: superagent (JSON) an http.Agent, fetch
 * (streams) an undici dispatcher. An http address goes to the proxy as an absolute URL; an https
 * one through a CONNECT tunnel, so TLS is still end to end with the gateway.
 */
export interface Route {
  /** The variable and proxy it goes through, e.g. `HTTPS_PROXY (proxy.corp:3128)`; undefined: directly. */
  readonly via?: string;
  /** For superagent; undefined: Node's default agent. */
  readonly agent?: Agent;
  readonly fetch: typeof fetch;
}

const DIRECT: Route = { fetch: (...args) => fetch(...args) };

export function routeFor(url: string, env: ProxyEnv = {}): Route {
  const variable = proxyVariableFor(url, env);
  const proxy = variable === undefined ? undefined : env[variable];
  if (proxy === undefined) return DIRECT;
  const https = url.startsWith('https:');
  const dispatcher = new ProxyAgent({ uri: proxy, proxyTunnel: https });
  return {
    via: `${variable} (${shownProxy(proxy)})`,
    agent: https ? new HttpsProxyAgent(proxy) : new HttpProxyAgent(proxy),
    // undici's own fetch with its own dispatcher: Node's bundled fetch may be another undici major.
    fetch: ((input: string, init?: RequestInit) =>
      undiciFetch(input, { ...(init as object), dispatcher })) as unknown as typeof fetch,
  };
}

/** NO_PROXY as curl reads it: `*`, or host names (a leading `.` or `*.` optional) matching the host or its domain, with an optional port. */
function bypassed(url: URL, noProxy: string): boolean {
  const host = url.hostname.replace(/^\[|\]$/g, '').toLowerCase();
  const port = url.port || (url.protocol === 'https:' ? '443' : '80');
  return noProxy
    .split(/[\s,]+/)
    .filter((entry) => entry !== '')
    .some((entry) => {
      if (entry === '*') return true;
      const bracketed = /^\[([^\]]+)\](?::(\d+))?$/.exec(entry);
      const [name, entryPort] = bracketed
        ? [bracketed[1] ?? '', bracketed[2]]
        : /^[^:]+:\d+$/.test(entry)
          ? (entry.split(':') as [string, string])
          : [entry, undefined];
      if (entryPort !== undefined && entryPort !== port) return false;
      const domain = name.replace(/^\*?\./, '').toLowerCase();
      return host === domain || host.endsWith(`.${domain}`);
    });
}
