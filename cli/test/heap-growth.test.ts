import { readFileSync } from 'node:fs';
import path from 'node:path';
import {
  FEW_STREAMS,
  MANY_STREAMS,
  REQUEST_LOAD_GROWING_PERCENT,
  followStreamLoad,
  letV8ChooseGrowth,
} from '../heap-growth';

beforeEach(() => jest.useFakeTimers());
afterEach(() => jest.useRealTimers());

/** Follows a stream count the test sets; `sets` lists every percent given to V8. */
function follow(): { open: (n: number) => void; sets: number[]; stop: () => void } {
  let count = 0;
  const sets: number[] = [];
  const stop = followStreamLoad(
    () => count,
    (percent) => sets.push(percent),
  );
  return { open: (n) => (count = n), sets, stop };
}

describe('the heap growth follows the number of open streams', () => {
  it('lets V8 choose from MANY_STREAMS open streams on, and goes back to 20% only below FEW_STREAMS', () => {
    const { open, sets, stop } = follow();
    open(MANY_STREAMS - 1);
    jest.advanceTimersByTime(1000);
    expect(sets).toEqual([]);

    open(MANY_STREAMS);
    jest.advanceTimersByTime(250);
    expect(sets).toEqual([0]);

    // Between the two lines nothing changes, however often it is checked.
    open(FEW_STREAMS);
    jest.advanceTimersByTime(2000);
    expect(sets).toEqual([0]);

    open(FEW_STREAMS - 1);
    jest.advanceTimersByTime(250);
    expect(sets).toEqual([0, REQUEST_LOAD_GROWING_PERCENT]);
    stop();
  });

  it('puts the request-load factor back when stopped with many streams open, and stops checking', () => {
    const { open, sets, stop } = follow();
    open(MANY_STREAMS * 10);
    jest.advanceTimersByTime(250);
    stop();
    expect(sets).toEqual([0, REQUEST_LOAD_GROWING_PERCENT]);
    open(0);
    jest.advanceTimersByTime(5000);
    expect(sets).toEqual([0, REQUEST_LOAD_GROWING_PERCENT]);
  });

  it('changes nothing when stopped with few streams open', () => {
    const { sets, stop } = follow();
    jest.advanceTimersByTime(1000);
    stop();
    expect(sets).toEqual([]);
  });

  it('does not keep the process alive', () => {
    jest.useRealTimers();
    const spy = jest.spyOn(global, 'setInterval');
    const stop = followStreamLoad(
      () => 0,
      () => undefined,
    );
    const timer = spy.mock.results[0]?.value as NodeJS.Timeout;
    expect(timer.hasRef()).toBe(false);
    stop();
    spy.mockRestore();
  });

  it('starts from the factor the entry sets before the command is compiled', () => {
    const entry = readFileSync(path.join(__dirname, '..', 'mock.ts'), 'utf8');
    expect(entry).toContain(`v8.setFlagsFromString('--heap-growing-percent=${REQUEST_LOAD_GROWING_PERCENT}')`);
  });
});

describe("the proxy's heap growth", () => {
  it("is V8's own from the start, and the request-load factor again once, when it stops", () => {
    const sets: number[] = [];
    const restore = letV8ChooseGrowth((percent) => sets.push(percent));
    expect(sets).toEqual([0]);
    restore();
    restore();
    expect(sets).toEqual([0, REQUEST_LOAD_GROWING_PERCENT]);
  });
});
