import { Liveness } from '../../engine/liveness';
import type { Exchange } from '../../engine/types';

const operation = (operationId: string) => ({ operationId, method: 'POST', path: `/${operationId}` });
const answered = { operation: operation('a'), response: { status: 200 } } as unknown as Exchange;
const timedOut = { operation: operation('a'), transportError: 'no response within 1000 ms' } as unknown as Exchange;
const refused = { operation: operation('a'), transportError: 'ECONNREFUSED' } as unknown as Exchange;
const otherAnswered = { operation: operation('b'), response: { status: 200 } } as unknown as Exchange;

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
      'the target stopped answering POST /a: 2 requests in a row got no answer and none answered for 2.0 s (last: no response within 1000 ms)',
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

  it('watches each operation on its own: answers to another one do not keep a hung one going', () => {
    const { liveness, advance } = tracker();
    advance(1000);
    expect(liveness.note(timedOut)).toBeUndefined();
    expect(liveness.note(otherAnswered)).toBeUndefined();
    advance(1000);
    expect(liveness.note(timedOut)).toMatch(/^the target stopped answering POST \/a: 2 requests in a row/);
  });
});
