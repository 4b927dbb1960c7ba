import { resolveConfig } from '../../config/resolve-config';
import { Recorder } from '../../engine/recorder';
import type { PlannedScenario, SuiteResult } from '../../run/run-suite';
import type { RunStop } from '../../engine/run-control';
import type { Failure } from '../../engine/types';
import { junitReport } from '../../report/junit-report';
import { summarize } from '../../report/summarize';
import { cannedFailure } from '../support/canned';

/** A 422 where the contract says 400, in scenario A. */
const failure = (fields: Partial<Failure>): Failure =>
  cannedFailure({
    scenario: 'rules/createResponse/a',
    rule: 'createResponse 400',
    message: 'answered 422 where the contract says 400',
    ...fields,
  });

function run(fill: (recorder: Recorder) => void, scenarios: PlannedScenario[], extra: Partial<SuiteResult> = {}) {
  const recorder = new Recorder();
  fill(recorder);
  const config = {
    ...resolveConfig({
      help: false,
      version: false,
      flags: { baseUrl: 'http://gw.test/api/v1', apiKey: 'k' },
      env: {},
    }),
    baseUrl: 'http://gw.test/api/v1',
  };
  const result: SuiteResult = {
    config,
    recorder,
    scenarios,
    operations: ['createResponse', 'getModel'],
    documentedStatuses: new Map(),
    startedAt: new Date(0),
    durationMs: 1500,
    ...extra,
  };
  return junitReport(result, summarize(result));
}

const A = { id: 'rules/createResponse/a', title: 'a', operationId: 'createResponse' };
const B = { id: 'catalog/getModel/b', title: 'b', operationId: 'getModel' };
const C = { id: 'catalog/getModel/c', title: 'c', operationId: 'getModel' };

describe('junit.xml', () => {
  it('holds one test case per scenario, with its time, its failures folded into one failure element', () => {
    const xml = run(
      (r) => {
        r.pass('status-code-documented', 'response', 'createResponse', A.id);
        r.fail('rules', failure({}));
        r.fail(
          'error',
          failure({ check: 'error-code-matches-status', causedBy: 'status-matches-rule', message: 'code 422' }),
        );
        r.fail(
          'rules',
          failure({
            check: 'limit-rejected-past-boundary',
            message: 'second',
            request: { method: 'POST', url: 'http://gw.test/api/v1/responses?x', headers: {} },
          }),
        );
        r.timed(A.id, 250);
        r.pass('response-schema-valid', 'response', 'getModel', B.id);
        r.pass('status-code-documented', 'response', 'getModel', B.id);
        r.timed(B.id, 12);
        r.skip(C.id, 'getModel', 'the target does not provide guardrail.id');
      },
      [A, B, C],
    );
    expect(xml.match(/<testcase /g)).toHaveLength(3);
    expect(xml).toContain('<testsuites name="conformance" tests="3" failures="1" skipped="1" errors="0" time="1.500">');
    expect(xml).toMatch(
      /<testcase classname="createResponse" name="rules\/createResponse\/a" time="0\.250">\n {6}<failure message="answered 422 where the contract says 400 \(and 1 more\)" type="spec createResponse 400">/,
    );
    expect(xml).toContain('  knock-on (same answer): error-code-matches-status: code 422');
    expect(xml).toContain('limit-rejected-past-boundary · spec createResponse 400: second');
    expect(xml.match(/<failure /g)).toHaveLength(1);
    expect(xml).toContain('<testcase classname="getModel" name="catalog/getModel/b" time="0.012"></testcase>');
    expect(xml).toMatch(
      /name="catalog\/getModel\/c" time="0\.000">\n {6}<skipped message="the target does not provide guardrail.id"\/>/,
    );
  });

  it('makes an incomplete run an error, so no CI view shows it green', () => {
    const stop: RunStop = { kind: 'interrupted', reason: 'interrupted by SIGINT', signal: 'SIGINT' };
    const xml = run((r) => r.pass('status-code-documented', 'response', 'getModel', B.id), [B, C], {
      incomplete: stop,
    });
    expect(xml).toContain('<testsuites name="conformance" tests="3" failures="0" skipped="1" errors="1"');
    expect(xml).toMatch(
      /<testcase classname="run" name="run › completes" time="1\.500">\n {6}<error message="interrupted by SIGINT" type="incomplete">[^<]*1 scenario\(s\) did not run<\/error>/,
    );
    expect(xml).toContain(
      'name="catalog/getModel/c" time="0.000">\n      <skipped message="not run: interrupted by SIGINT"/>',
    );
  });

  it('names observed traffic by operation and check, never by the exchange number', () => {
    const xml = run(
      (r) => {
        r.pass('status-code-documented', 'response', 'getModel', '#1 GET /model/a/b');
        r.timed('#1 GET /model/a/b', 30);
        r.fail('rules', failure({ check: 'request-valid', operation: '-', scenario: '#2 PUT /x' }));
      },
      [
        { id: '#1 GET /model/a/b', title: 'GET', operationId: 'getModel' },
        { id: '#2 PUT /x', title: 'PUT', operationId: '-' },
      ],
      { observed: true },
    );
    expect(xml).toContain(
      '<testcase classname="getModel" name="getModel › status-code-documented" time="0.030"></testcase>',
    );
    expect(xml).toContain('<testcase classname="no operation" name="no operation › request-valid" time="0.000">');
    expect(xml).not.toMatch(/name="[^"]*#\d/);
  });
});
