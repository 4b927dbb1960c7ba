import { parseBenchArgs } from '../../bench/bench-args';
import { renderVerify } from '../../bench/run-verify-bench';

describe('the verify rows of the bench', () => {
  it('reads a 1 GB traffic file in a full run, 64 MB in a quick one, and --verify-mb when given', () => {
    expect(parseBenchArgs([])).toMatchObject({ verifyMb: 1024, verifyOnly: false });
    expect(parseBenchArgs(['--quick']).verifyMb).toBe(64);
    expect(parseBenchArgs(['--verify-only', '--verify-mb', '32'])).toMatchObject({ verifyMb: 32, verifyOnly: true });
    expect(() => parseBenchArgs(['--verify-mb', '0'])).toThrow(/--verify-mb must be a whole number/);
  });

  it('prints each tool on its row, and says so when one did not finish', () => {
    const run = { exchanges: 100, seconds: 2, exchangesPerSecond: 50, peakRssMb: 90, exitCode: 0, command: 'x' };
    const text = renderVerify({
      fileMb: 1,
      ours: { ...run, tool: 'verify' },
      redocly: { ...run, tool: 'redocly drift', exchangesPerSecond: 0, exitCode: 134, error: 'heap out of memory' },
    });
    expect(text.split('\n')).toEqual([
      expect.stringMatching(/^Recorded traffic, 100 exchanges \(1 MB of NDJSON/),
      expect.stringMatching(/^ {2}verify +50 exchanges\/s +2 s {2}peak RSS 90 MB$/),
      expect.stringMatching(/^ {2}redocly drift +0 exchanges\/s .*\(did not finish: heap out of memory\)$/),
    ]);
  });
});
