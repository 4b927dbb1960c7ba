/**
 * Whether a listen address is reachable from this machine only. Anything else, including
 * `0.0.0.0`, `::`, a LAN address and the empty string (all interfaces), counts as beyond
 * loopback: the admin endpoints then demand the management key (securitySchemes managementKey).
 */
export function isLoopbackHost(host: string): boolean {
  return /^(127\.\d+\.\d+\.\d+|::1|localhost)$/.test(host);
}
