import { EXIT_CONFIG, EXIT_PASS } from '../../run-conformance-cli';
import { cliHarness } from './support/cli-harness';

const { cli, target, mockUrl } = cliHarness();
const KEYS = { CONFORMANCE_API_KEY: 'sk-mock-user', CONFORMANCE_MANAGEMENT_KEY: 'sk-mock-management' };
/** A reset address where nothing answers (port 1 refuses on every host the tests run on). */
const DEAD_RESET = 'http://127.0.0.1:1/__mock/reset';

describe('a reset address that does not answer', () => {
  it('is a warning when no scenario in scope changes the target, and the run goes on', async () => {
    const run = await cli(
      ['--target', target(mockUrl(), { resetUrl: DEAD_RESET }), '--only', 'getModel', '--property-runs', '0'],
      KEYS,
    );
    expect(run.err).toMatch(
      /^conformance: warning: resetting the target through http:\/\/127\.0\.0\.1:1\/__mock\/reset failed: .*; no scenario in scope changes the target's state, so the run goes on without it$/m,
    );
    expect(run.code).toBe(EXIT_PASS);
    expect(run.out.split('\n').at(-1)).toMatch(/^PASS: \d+ passed/);
  });

  it('stops the run (exit 2) when a scenario in scope changes the target', async () => {
    const run = await cli(
      [
        '--target',
        target(mockUrl(), { resetUrl: DEAD_RESET }),
        '--only',
        'unassignGuardrailKeys',
        '--property-runs',
        '0',
      ],
      KEYS,
    );
    expect(run.code).toBe(EXIT_CONFIG);
    expect(run.err).toMatch(/resetting the target through http:\/\/127\.0\.0\.1:1\/__mock\/reset failed/);
    expect(run.err).not.toContain('warning: resetting');
  });
});
