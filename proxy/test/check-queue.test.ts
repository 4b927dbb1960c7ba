import { createCheckQueue } from '../check-queue';

describe('createCheckQueue', () => {
  it('checks an exchange after the turn that relayed it, in the order added', async () => {
    const checked: number[] = [];
    const queue = createCheckQueue<number>((n) => checked.push(n));
    queue.add(1);
    queue.add(2);
    expect(checked).toEqual([]);
    await new Promise((resolve) => setImmediate(resolve));
    expect(checked).toEqual([1, 2]);
  });

  it('checks everything waiting at once when flushed', () => {
    const checked: number[] = [];
    const queue = createCheckQueue<number>((n) => checked.push(n));
    for (let n = 0; n < 5; n++) queue.add(n);
    queue.flush();
    expect(checked).toEqual([0, 1, 2, 3, 4]);
  });

  it('checks the oldest at once when a thousand are waiting, so the queue does not grow', () => {
    const checked: number[] = [];
    const queue = createCheckQueue<number>((n) => checked.push(n));
    for (let n = 0; n < 1_005; n++) queue.add(n);
    expect(checked).toEqual([0, 1, 2, 3, 4]);
    queue.flush();
    expect(checked).toHaveLength(1_005);
  });
});
