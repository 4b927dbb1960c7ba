import { renderHtmlReport } from '../../report/html-report';
import type { ConformanceReportJson } from '../../report/html-report';

/** A small report with one failure whose texts carry markup, as a hostile gateway could send. */
function report(): ConformanceReportJson {
  return {
    suite: 'model-gateway-conformance',
    startedAt: '2026-01-01T00:00:00.000Z',
    durationMs: 1234,
    target: {
      baseUrl: 'http://127.0.0.1:4010/api/v1',
      source: 'command line',
      model: 'openai/gpt-4o',
      embeddingsModel: null,
    },
    seed: 42,
    requests: 3,
    totals: { pass: 2, fail: 1, skip: 0, known: 0 },
    passed: false,
    complete: true,
    profile: 'full',
    required: [],
    failing: 1,
    features: [
      { id: 'core', status: 'broken', scenarios: 2, failures: 1, judged: true, members: [] },
      { id: 'plugins', status: 'not tested', scenarios: 0, failures: 0, judged: true, members: ['plugins'] },
    ],
    operations: {
      getModel: {
        checks: {
          'response-schema-valid': { pass: 1, fail: 1, skip: 0, known: 0 },
          'status-code-documented': { pass: 1, fail: 0, skip: 0, known: 0 },
        },
        statuses: {
          documented: ['200', '404', '500'],
          observed: ['200'],
          never: ['404', '500'],
          undocumented: ['418'],
        },
      },
    },
    scenarios: [{ id: 'catalog/getModel/model', title: 'returns the model', operation: 'getModel', outcome: 'fail' }],
    rootCauses: [
      {
        cause: 'response-schema-valid (status 200): the body is <img src=x onerror=alert(N)>',
        title: '1 failure: response-schema-valid (status 200): the body is <img src=x onerror=alert(N)>',
        failures: 1,
        knockOn: 0,
        checks: ['response-schema-valid'],
        operations: ['getModel'],
        scenarios: ['catalog/getModel/model'],
        scenarioCount: 1,
        known: false,
        judged: true,
        example: 0,
        curl: `curl -sS 'http://127.0.0.1:4010/api/v1/model/a/b' -H "Authorization: Bearer $API_KEY"`,
      },
    ],
    failures: [
      {
        check: 'response-schema-valid',
        operation: 'getModel',
        scenario: 'catalog/getModel/model',
        rule: 'Model',
        message: 'the body is <img src=x onerror=alert(1)>',
        request: {
          method: 'GET',
          url: 'http://127.0.0.1:4010/api/v1/model/a/b?x="1"',
          headers: { Authorization: 'Bearer $API_KEY' },
        },
        received: {
          status: 200,
          headers: { 'content-type': 'text/html' },
          body: `<script>alert("x")</script>${'y'.repeat(5000)}`,
        },
        expected: 'a body valid against Model & friends',
        curl: `curl -sS 'http://127.0.0.1:4010/api/v1/model/a/b' -H "Authorization: Bearer $API_KEY"`,
      },
    ],
  };
}

describe('renderHtmlReport', () => {
  const html = renderHtmlReport(report());

  it('escapes what the gateway sent, so the page runs no markup of its own', () => {
    expect(html).not.toMatch(/<script|<img/i);
    expect(html).toContain('the body is &lt;img src=x onerror=alert(1)&gt;');
    expect(html).toContain('&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;');
    expect(html).toContain('Model &amp; friends');
  });

  it('cuts long bodies and says how much is left out', () => {
    expect(html).toContain('… 1027 more characters in conformance.json');
  });

  it('links a failing matrix cell to its first failure', () => {
    expect(html).toContain(
      '<td class="fail" title="getModel × response-schema-valid: 1 passed, 1 failed, 0 known, 0 skipped"><a href="#failure-1">✗ 1</a> ✓ 1</td>',
    );
    expect(html).toContain('<article class="failure" id="failure-1">');
  });

  it('marks a status seen but not documented', () => {
    expect(html).toContain('<span class="chip fail">418</span>');
  });

  it('shows a verbatim request body as sent', () => {
    const withRaw = report();
    const failure = withRaw.failures[0]!;
    const html2 = renderHtmlReport({
      ...withRaw,
      failures: [{ ...failure, request: { ...failure.request, rawBody: '{"model": ' } }],
    });
    expect(html2).toContain('Bearer $API_KEY\n\n{&quot;model&quot;: </pre>');
  });

  it('loads nothing from elsewhere', () => {
    expect(html).not.toMatch(/\b(?:src|href)\s*=\s*["']?(?:https?:)?\/\//i);
  });
});
