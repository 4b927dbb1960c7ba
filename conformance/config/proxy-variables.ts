/**
 * The suite connects to the gateway directly: neither of its HTTP clients (superagent for JSON,
 * Node's fetch for streams) reads HTTP_PROXY, HTTPS_PROXY or NO_PROXY. A runner behind a corporate
 * proxy usually has them set, and a user who sees them set expects them used: this names the
 * variable that other tools would apply to the base URL, so the run can say it does not.
 */
export function ignoredProxyVariable(baseUrl: string, env: NodeJS.ProcessEnv): string | undefined {
  const url = new URL(baseUrl);
  const names = url.protocol === 'https:' ? ['HTTPS_PROXY', 'https_proxy'] : ['HTTP_PROXY', 'http_proxy'];
  const name = names.find((n) => (env[n] ?? '').trim() !== '');
  if (name === undefined || bypassed(url, env.NO_PROXY ?? env.no_proxy ?? '')) return undefined;
  return name;
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
