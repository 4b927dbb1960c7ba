import { callAt, cancelCall } from '../../../src/exchange/stream/due-calls';

/** Resolves after `ms` on a real timer. */
const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

describe('calls made at a time, one timer per millisecond', () => {
  it('makes each call no earlier than the millisecond it is due in, in order of due time', async () => {
    const start = performance.now();
    const made: { name: string; at: number }[] = [];
    const record = (name: string) => () => made.push({ name, at: performance.now() });
    callAt(start + 30, record('late'));
    callAt(start + 10, record('early'));
    callAt(start + 20, record('middle'));
    await sleep(60);
    expect(made.map((m) => m.name)).toEqual(['early', 'middle', 'late']);
    // Node's timers count from the event loop's clock, in whole milliseconds, and that clock may
    // run behind performance.now() by what the loop's turn has taken: a call may come a moment
    // before `at` (1.1 ms was seen on a busy machine), never anywhere near the one before it.
    for (const { name, at } of made) {
      const due = start + { early: 10, middle: 20, late: 30 }[name as 'early' | 'middle' | 'late'];
      expect(at).toBeGreaterThanOrEqual(due - 5);
    }
  });

  it('makes the calls of one millisecond with one timer, in the order they were asked for', async () => {
    const at = Math.ceil(performance.now()) + 15;
    const spy = jest.spyOn(global, 'setTimeout');
    const order: number[] = [];
    try {
      for (let i = 0; i < 50; i++) callAt(at - (i % 2 === 0 ? 0 : 0.5), () => order.push(i));
      expect(spy).toHaveBeenCalledTimes(1);
    } finally {
      spy.mockRestore();
    }
    await sleep(40);
    expect(order).toEqual([...Array(50).keys()]);
  });

  it('takes back a cancelled call and leaves the others of its millisecond', async () => {
    const at = performance.now() + 10;
    const made: string[] = [];
    const a = (): number => made.push('a');
    const b = (): number => made.push('b');
    callAt(at, a);
    callAt(at, b);
    cancelCall(at, a);
    await sleep(30);
    expect(made).toEqual(['b']);
    // Cancelling a call already made, or never asked for, changes nothing.
    expect(() => cancelCall(at, b)).not.toThrow();
    expect(() => cancelCall(performance.now() + 1000, b)).not.toThrow();
  });

  it('makes the other calls of a millisecond when one throws, and throws its error on its own', async () => {
    const at = performance.now() + 10;
    const made: string[] = [];
    const rethrows: (() => void)[] = [];
    const spy = jest.spyOn(global, 'queueMicrotask').mockImplementation((task) => rethrows.push(task));
    try {
      callAt(at, () => {
        throw new Error('one call failed');
      });
      callAt(at, () => made.push('after'));
      await sleep(30);
    } finally {
      spy.mockRestore();
    }
    expect(made).toEqual(['after']);
    expect(rethrows).toHaveLength(1);
    expect(rethrows[0]).toThrow('one call failed');
  });

  it('leaves no timer behind when every call of a millisecond is cancelled', () => {
    const timers = (): number => process.getActiveResourcesInfo().filter((r) => r === 'Timeout').length;
    const before = timers();
    const at = performance.now() + 60_000;
    const a = (): void => undefined;
    const b = (): void => undefined;
    callAt(at, a);
    callAt(at, b);
    expect(timers()).toBe(before + 1);
    cancelCall(at, a);
    expect(timers()).toBe(before + 1);
    cancelCall(at, b);
    expect(timers()).toBe(before);
  });

  it('never joins a millisecond asked for under another clock (fake timers), so a call there is still made', async () => {
    jest.useFakeTimers({ doNotFake: ['performance'] });
    const at = performance.now() + 20;
    const made: string[] = [];
    try {
      callAt(at, () => made.push('under the fake clock'));
    } finally {
      jest.useRealTimers();
    }
    callAt(at, () => made.push('under the real clock'));
    await sleep(50);
    expect(made).toEqual(['under the real clock']);
  });
});
