import type { Fault, NoAnswer, ProxiedRequest, ProxiedResponse } from './fault-proxy';
import type { TargetFaultCase } from './target-faults';

/*
 * Gateways that drop connections with a request in flight. Each drop is a finding of its own root
 * cause, whichever request met it (a scenario's, the preflight's, `--wait`'s or the reset's): the
 * run fails (exit 1) unless `--accept-dropped-connections`, and every report counts and shows it.
 * Every answer says `Connection: close`, so no connection is reused: none of the drops is the
 * idle keep-alive race, which is a warning (transport-faults.test.ts).
 */

const DROPPED = 'connections dropped with a request in flight (reset or closed before the answer ended)';
const DROPPED_TITLE = /\n\s+\d+\) 1 failure: connections dropped with a request in flight/;
const ACCEPTED_TITLE =
  /Warnings \(1\), counted but not failing the run:\n\s+! 1 warning: connections dropped with a request in flight/;

const isModel = (req: ProxiedRequest) => req.method === 'GET' && req.path.startsWith('/model/');
const isReset = (req: ProxiedRequest) => req.method === 'POST' && req.path === '/__mock/reset';
/** The mock's reset address, reached through the broken gateway. */
const resetThroughProxy = ({ proxy }: { readonly proxy: string }) => `${new URL(proxy).origin}/__mock/reset`;

/** The one drop, named in every report: under its cause in JSON, JUnit and HTML. */
function oneDrop(
  scenario: string,
  operation: string,
  method: string,
  url: RegExp,
): Pick<TargetFaultCase, 'report' | 'files'> {
  return {
    report: (json) => {
      expect(json.rootCauses.find((g) => g.cause === DROPPED)).toMatchObject({ failures: 1, scenarios: [scenario] });
      expect(json.failures.filter((f) => f.check === 'connection-not-dropped')).toEqual([
        expect.objectContaining({
          scenario,
          operation,
          request: expect.objectContaining({ method, url: expect.stringMatching(url) }),
        }),
      ]);
    },
    files: ({ junit, html }) => {
      expect(junit).toMatch(
        new RegExp(
          `<testcase classname="${operation}" name="${scenario}" time="[\\d.]+">\\s*<failure message="the connection dropped under the request`,
        ),
      );
      expect(html).toContain(`1 failure: ${DROPPED}`);
    },
  };
}

/** The same drop, accepted: a warning every report still counts and shows, naming the request. */
function oneAcceptedDrop(scenario: string, url: RegExp): Pick<TargetFaultCase, 'report' | 'files'> {
  return {
    report: (json) => {
      expect(json.warnings?.causes).toEqual([expect.objectContaining({ cause: DROPPED, count: 1 })]);
      expect(json.warnings?.findings).toEqual([
        expect.objectContaining({ scenario, request: expect.objectContaining({ url: expect.stringMatching(url) }) }),
      ]);
      expect(json.rootCauses.find((g) => g.cause === DROPPED)).toBeUndefined();
    },
    files: ({ junit, html }) => {
      expect(junit).toContain(`<property name="warning" value="1 warning: ${DROPPED}"/>`);
      expect(junit).toMatch(new RegExp(`<system-out>${scenario}: the connection dropped under the request`));
      expect(html).toContain(`1 warning: ${DROPPED}`);
    },
  };
}

export const DROPPED_CONNECTION_FAULTS: readonly TargetFaultCase[] = [
  {
    name: 'resets some connections with a request in flight',
    only: ['rules/createResponse'],
    fault: resetsSome(),
    exit: 1,
    says: /\d+ failures?: connections dropped with a request in flight \(reset or closed before the answer ended\)/,
    report: (json) => {
      const drops = json.rootCauses.find((g) => g.cause === DROPPED);
      expect(drops?.failures).toBeGreaterThan(0);
      expect(json.failures.filter((f) => f.check === 'connection-not-dropped')).toHaveLength(drops?.failures ?? -1);
    },
  },
  {
    name: 'resets some connections with a request in flight, accepted with --accept-dropped-connections',
    only: ['rules/createResponse'],
    fault: resetsSome(),
    args: ['--accept-dropped-connections'],
    exit: 0,
    says: /Warnings \(\d+\), counted but not failing the run:\n\s+! \d+ warnings?: connections dropped with a request in flight/,
    report: (json) => expect(json.warnings?.count).toBeGreaterThan(0),
  },
  {
    name: 'resets the connection of one preflight request',
    only: ['catalog/getModel/model'],
    fault: dropsFirst(isModel),
    exit: 1,
    says: new RegExp(`${DROPPED_TITLE.source}[\\s\\S]*e\\.g\\. preflight: the connection dropped under the request`),
    ...oneDrop('preflight', 'getModel', 'GET', /\/model\/openai\/gpt-4o$/),
  },
  {
    name: 'resets the connection of one preflight request, accepted with --accept-dropped-connections',
    only: ['catalog/getModel/model'],
    fault: dropsFirst(isModel),
    args: ['--accept-dropped-connections'],
    exit: 0,
    says: new RegExp(`${ACCEPTED_TITLE.source}.*\\n\\s+e\\.g\\. preflight: `),
    ...oneAcceptedDrop('preflight', /\/model\/openai\/gpt-4o$/),
  },
  {
    name: 'resets the connection of its reset call',
    only: ['catalog/getModel/model'],
    resetUrl: resetThroughProxy,
    fault: dropsFirst(isReset),
    exit: 1,
    says: new RegExp(`${DROPPED_TITLE.source}[\\s\\S]*e\\.g\\. reset: the connection dropped under the request`),
    ...oneDrop('reset', 'reset', 'POST', /\/__mock\/reset$/),
  },
  {
    name: 'resets the connection of its reset call, accepted with --accept-dropped-connections',
    only: ['catalog/getModel/model'],
    resetUrl: resetThroughProxy,
    fault: dropsFirst(isReset),
    args: ['--accept-dropped-connections'],
    exit: 0,
    says: new RegExp(`${ACCEPTED_TITLE.source}.*\\n\\s+e\\.g\\. reset: `),
    ...oneAcceptedDrop('reset', /\/__mock\/reset$/),
  },
  {
    // What a port forwarder does while the service behind it starts (docker-proxy): not up yet.
    name: 'closes the first connection of --wait before any answer, as a starting target behind a forwarder does',
    only: ['catalog/getModel/model'],
    fault: dropsFirst(isModel),
    args: ['--wait', '30'],
    exit: 0,
    report: (json) => {
      expect(json.warnings).toBeUndefined();
      expect(json.failures).toEqual([]);
    },
  },
  {
    name: 'breaks the answer of the first --wait request part-way',
    only: ['catalog/getModel/model'],
    fault: dropsFirst(isModel, 'cut'),
    args: ['--wait', '30'],
    exit: 1,
    says: new RegExp(
      `${DROPPED_TITLE.source}[\\s\\S]*e\\.g\\. wait: the connection dropped under the request: the answer began \\(200 application/json\\) but the connection broke after`,
    ),
    ...oneDrop('wait', 'getModel', 'GET', /\/model\/openai\/gpt-4o$/),
  },
];

/** Every answer says `Connection: close`: each request goes on a fresh connection. */
function closing(res: ProxiedResponse): ProxiedResponse {
  return { ...res, headers: { ...res.headers, connection: 'close' } };
}

/**
 * Closes every fifth connection (after the preflight) with the request read and no answer. Every
 * answer says `Connection: close`, so no connection is reused: none of the drops is the idle race.
 */
function resetsSome(): Fault {
  return { response: closing, answer: (_req, n) => (n > 10 && n % 5 === 0 ? 'hang-up' : undefined) };
}

/** Drops the connection of the first request `which` picks (`hang-up`: before any answer), and no other. */
function dropsFirst(which: (req: ProxiedRequest) => boolean, how: NoAnswer = 'hang-up'): Fault {
  let dropped = false;
  return {
    response: closing,
    answer: (req) => {
      if (dropped || !which(req)) return undefined;
      dropped = true;
      return how;
    },
  };
}
