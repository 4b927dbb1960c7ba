import type { ConformanceReportJson } from '../../report/report-json';
import { OPENAI_ONLY_GATEWAY } from './openai-only-gateway';
import type { TargetFaultCase } from './target-faults';
import { isRecord } from '../../../kit/json/guards';

/** What the run's feature matrix says of each feature. */
const statuses = (json: ConformanceReportJson) => Object.fromEntries(json.features.map((f) => [f.id, f.status]));

const everyFeatureSupported = (json: ConformanceReportJson) => {
  expect(json.features.length).toBeGreaterThan(10);
  expect(json.features.filter((f) => f.status !== 'supported')).toEqual([]);
  expect(json.features.every((f) => f.scenarios > 0 && f.failures === 0)).toBe(true);
};

/*
 * Gateways judged by profile: the mock (the whole API), an OpenAI-compatible gateway that drops
 * this API's extensions (`--profile openai` passes it, the full profile does not), and the same
 * gateway with a fault in the core, which no profile excuses.
 */
export const PROFILE_FAULTS: readonly TargetFaultCase[] = [
  {
    name: 'is the mock itself, every feature supported under the full profile',
    fault: {},
    exit: 0,
    report: (json) => {
      expect(json.profile).toBe('full');
      everyFeatureSupported(json);
    },
  },
  {
    name: 'is the mock itself, every feature supported under --profile openai',
    fault: {},
    args: ['--profile', 'openai'],
    exit: 0,
    says: /^Features \(profile openai: the core is judged/m,
    report: everyFeatureSupported,
  },
  {
    name: "passes OpenAI's own members only, judged under --profile openai",
    fault: OPENAI_ONLY_GATEWAY,
    args: ['--profile', 'openai'],
    exit: 0,
    says: /PASS: \d+ passed, (\d+) failed \(\1 in features the profile does not judge\)/,
    report: (json) => {
      expect(json).toMatchObject({ passed: true, profile: 'openai', failing: 0 });
      expect(statuses(json)).toMatchObject({
        core: 'supported',
        plugins: 'unsupported',
        'provider-routing': 'unsupported',
        'model-fallbacks': 'unsupported',
        debug: 'unsupported',
        'service-metadata': 'unsupported',
        guardrails: 'supported',
      });
      const plugins = json.features.find((f) => f.id === 'plugins');
      expect(plugins).toMatchObject({ judged: false, members: ['plugins'] });
      expect(plugins?.failures).toBeGreaterThan(0);
      expect(json.failures.every((f) => f.ignored === true && !f.features?.includes('core'))).toBe(true);
    },
    files: ({ junit, html }) => {
      expect(junit).toContain('<property name="feature.plugins" value="unsupported (');
      expect(junit).toMatch(/failures="0" skipped="\d+" errors="0" time=/);
      expect(html).toMatch(
        /<table class="features">[\s\S]*<th scope="row">plugins<\/th><td><code>plugins<\/code><\/td><td class="status">○ unsupported/,
      );
    },
  },
  {
    name: "passes OpenAI's own members only, judged as the whole API",
    only: ['stream/createResponse/debug', 'rules/createResponse/semantic-'],
    fault: OPENAI_ONLY_GATEWAY,
    exit: 1,
    report: (json) => {
      expect(json.failing).toBeGreaterThan(0);
      expect(statuses(json)).toMatchObject({ core: 'supported', debug: 'unsupported', plugins: 'unsupported' });
    },
  },
  {
    name: "passes OpenAI's own members only, with --require plugins",
    only: ['stream/createResponse/debug', 'rules/createResponse/semantic-'],
    fault: OPENAI_ONLY_GATEWAY,
    args: ['--profile', 'openai', '--require', 'plugins'],
    exit: 1,
    report: (json) => {
      expect(json.required).toEqual(['plugins']);
      expect(json.failures.filter((f) => f.features?.includes('plugins')).length).toBe(json.failing);
    },
  },
  {
    name: "passes OpenAI's own members only and answers 422 where the contract says 400, under --profile openai",
    only: ['rules/createResponse/', 'members/createResponse/'],
    fault: {
      ...OPENAI_ONLY_GATEWAY,
      response: (res) =>
        res.status === 400 && isRecord(res.body) && isRecord(res.body.error)
          ? { ...res, status: 422, body: { ...res.body, error: { ...res.body.error, code: 422 } } }
          : res,
    },
    args: ['--profile', 'openai'],
    exit: 1,
    caughtBy: 'status-matches-rule',
    report: (json) => expect(statuses(json)).toMatchObject({ core: 'broken' }),
  },
  {
    name: "passes OpenAI's own members only and never completes a stream, under --profile openai",
    only: ['stream/createResponse/'],
    fault: {
      ...OPENAI_ONLY_GATEWAY,
      stream: (frames) => ({ frames: frames.filter((f) => !f.includes('"response.completed"')) }),
    },
    args: ['--profile', 'openai'],
    exit: 1,
    caughtBy: 'stream-lifecycle-order',
    report: (json) => expect(statuses(json)).toMatchObject({ core: 'broken' }),
  },
];
