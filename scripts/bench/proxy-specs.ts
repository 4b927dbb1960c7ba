import path from 'node:path';
import type { ServerSpec } from './child-server';
import { withRaisedOpenFiles } from './run-paced-streams';
import { API_BASE } from './workloads';
import { ROOT, oursSpec } from './server-specs';

export const BARE_RELAY = path.join(ROOT, 'dist', 'scripts', 'bench', 'bare-relay.js');

/** The bare node:http relay in front of `upstreamOrigin`, open-files limit raised for the streams. */
export function relaySpec(upstreamOrigin: string): ServerSpec {
  return {
    name: 'relay',
    ...withRaisedOpenFiles(process.execPath, [BARE_RELAY, upstreamOrigin, '{port}']),
    probe: oursSpec().probe,
  };
}

/**
 * The proxy as users start it (`model-gateway-mock --proxy URL`, the built command with the node
 * options of `npm start`) in front of `upstreamOrigin`, writing its reports into `reportDir`.
 */
export function proxySpec(upstreamOrigin: string, reportDir: string, name = 'proxy'): ServerSpec {
  const ours = oursSpec(name, ['--proxy', `${upstreamOrigin}${API_BASE}`, '--report-dir', reportDir]);
  return { ...ours, ...withRaisedOpenFiles(ours.command, ours.args) };
}
