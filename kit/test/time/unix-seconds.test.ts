import {
  PLAUSIBLE_SECONDS,
  pastWindow,
  responseTimeProblems,
  runWindow,
  secondsProblem,
} from '../../time/unix-seconds';

const start = Date.UTC(2026, 0, 10, 12, 0, 0);
const window = runWindow(start, start + 20_000, 300);
const now = Math.floor(start / 1000) + 10;

describe('Unix-seconds times', () => {
  it('accepts seconds within the window, its skew included', () => {
    expect(secondsProblem('created_at', now, window)).toBeUndefined();
    expect(secondsProblem('created_at', window.from, window)).toBeUndefined();
    expect(secondsProblem('created_at', window.to, window)).toBeUndefined();
  });

  it.each([
    ['milliseconds', now * 1000, /Unix milliseconds \(2026-01-10T12:00:10Z\), not seconds/],
    ['microseconds', now * 1_000_000, /Unix microseconds/],
    ['nanoseconds', now * 1_000_000_000, /Unix nanoseconds/],
  ])('names %s as the unit sent instead of seconds', (_unit, value, said) => {
    expect(secondsProblem('created_at', value, window)?.message).toMatch(said);
  });

  it('reports a time outside the window past the skew, naming the window', () => {
    const problem = secondsProblem('created_at', window.from - 1, window);
    expect(problem?.message).toMatch(
      /outside the run's time window \(its start to now, ±300 s of clock skew allowed\)/,
    );
    expect(problem?.expected).toContain('2026-01-10T11:55:00Z to 2026-01-10T12:05:20Z');
  });

  it('leaves a value that is no integer to the schema', () => {
    expect(secondsProblem('created_at', '1700000000', window)).toBeUndefined();
    expect(secondsProblem('created_at', null, window)).toBeUndefined();
  });

  it('reports completed_at before created_at, and nothing for completed_at null', () => {
    expect(responseTimeProblems({ created_at: now, completed_at: now - 1 }, window).map((p) => p.cause)).toEqual([
      'completed_at before created_at',
    ]);
    expect(responseTimeProblems({ created_at: now, completed_at: null }, window)).toEqual([]);
    expect(responseTimeProblems({ created_at: now, completed_at: now }, window)).toEqual([]);
  });

  it('judges without a window by the plausible years alone', () => {
    expect(secondsProblem('created_at', 1_700_000_000, PLAUSIBLE_SECONDS)).toBeUndefined();
    expect(secondsProblem('created_at', 1_700_000_000_000, PLAUSIBLE_SECONDS)?.cause).toBe(
      'created_at in Unix milliseconds, not seconds',
    );
  });

  it("puts a model's created in the past, the skew allowed", () => {
    const past = pastWindow(start, 60);
    expect(secondsProblem('created', 1_706_140_800, past)).toBeUndefined();
    expect(secondsProblem('created', Math.floor(start / 1000) + 61, past)?.message).toMatch(/outside the past/);
  });
});
