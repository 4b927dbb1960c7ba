import { Progress } from '../../engine/progress';

function progress() {
  let now = 0;
  const lines: string[] = [];
  const p = new Progress({ log: (l) => lines.push(l), intervalMs: 0, now: () => now });
  return { p, lines, advance: (ms: number) => (now += ms) };
}

describe('progress per operation', () => {
  it('says when a phase starts and when each operation of it is done', () => {
    const { p, lines, advance } = progress();
    const a = { id: 'a', operationId: 'getModel' };
    const b = { id: 'b', operationId: 'createResponse' };
    p.startPhase('main', [a, b]);
    const token = p.requestStarted('getModel');
    advance(1500);
    p.requestEnded(token);
    p.failed('getModel', 2);
    p.scenarioEnded(a);
    expect(lines).toEqual([
      'main phase: 2 scenario(s) (getModel 1, createResponse 1)',
      'getModel: 1/1 scenario(s) done, 1 request(s), 2 failed check(s) (1.5 s)',
    ]);
  });

  it('names the requests still waiting for an answer and how long the oldest has waited', () => {
    const { p, advance } = progress();
    p.startPhase('main', [{ id: 'a', operationId: 'createResponse' }]);
    p.requestStarted('createResponse');
    advance(4000);
    p.requestStarted('createResponse');
    advance(2000);
    expect(p.heartbeat()).toBe(
      '6 s: createResponse 0/1 scenario(s) (2 request(s), 0 failed check(s)); 2 request(s) waiting for an answer, the oldest 6.0 s',
    );
  });
});
