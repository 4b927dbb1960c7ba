import { Liveness } from '../../engine/liveness';
import type { Exchange } from '../../engine/types';

const answered = { response: { status: 200 } } as unknown as Exchange;
const timedOut = { transportError: 'no response headers within 1000 ms' } as unknown as Exchange;
const refused = { transportError: 'ECONNREFUSED' } as unknown as Exchange;

/** A liveness tracker on a clock the test moves. */
function tracker() {
  let now = 0;
  const liveness = new Liveness(1000, () => now);
  return { liveness, advance: (ms: number) => (now += ms) };
}

describe('telling when the target stopped answering', () => {
  it('stops after two unanswered requests in a row once nothing answered for a whole request timeout', () => {
    const { liveness, advance } = tracker();
    advance(1000);
    expect(liveness.note(timedOut)).toBeUndefined();
    advance(1000);
    expect(liveness.note(timedOut)).toBe(
      'the target stopped answering: 2 requests in a row got no answer and nothing answered for 2.0 s (last: no response headers within 1000 ms)',
    );
  });

  it('keeps going while answers still come between failures', () => {
    const { liveness, advance } = tracker();
    for (let i = 0; i < 20; i++) {
      advance(1000);
      expect(liveness.note(timedOut)).toBeUndefined();
      expect(liveness.note(answered)).toBeUndefined();
    }
  });

  it('stops after ten fast failures in a row (connections refused), however little time passed', () => {
    const { liveness } = tracker();
    const reasons = Array.from({ length: 10 }, () => liveness.note(refused));
    expect(reasons.slice(0, 9)).toEqual(Array(9).fill(undefined));
    expect(reasons[9]).toMatch(/10 requests in a row/);
  });
});
