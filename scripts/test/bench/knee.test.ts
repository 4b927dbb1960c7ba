import { crossedAtLowest, crossingShort, findCrossing, kneeRatio } from '../../bench/knee';
import type { Crossing, KneePoint } from '../../bench/knee';
import { ladderSteps } from '../../bench/run-paced-ladder';

const at = (streams: number, p99Ms: number, lost = 0): KneePoint => ({ streams, p99Ms, lost });

describe('findCrossing', () => {
  it('brackets the first step whose p99 reaches 50 ms and interpolates between the two steps', () => {
    const crossing = findCrossing([at(1000, 5), at(2500, 20), at(5000, 80)]);
    expect(crossing).toMatchObject({ crossed: true, heldUpTo: 2500, crossedAt: 5000, estimate: 3750, highest: 5000 });
    expect(crossing.text).toBe(
      'crosses 50 ms between 2,500 (p99 20 ms) and 5,000 streams (p99 80 ms), about 3,750 by linear interpolation',
    );
  });

  it('takes the points in order of streams, whatever order they come in', () => {
    expect(findCrossing([at(5000, 80), at(1000, 5), at(2500, 20)]).crossedAt).toBe(5000);
  });

  it('counts a p99 of exactly 50 ms as crossed', () => {
    expect(findCrossing([at(1000, 10), at(2000, 50)])).toMatchObject({ crossedAt: 2000, estimate: 2000 });
  });

  it('interpolates from zero streams when the first step already crossed', () => {
    const crossing = findCrossing([at(1000, 100), at(2000, 300)]);
    expect(crossing).toMatchObject({ heldUpTo: 0, crossedAt: 1000, estimate: 500 });
    expect(crossing.text).toMatch(/at or below 1,000 streams, the first step/);
  });

  it('counts lost streams or a missing p99 as crossed, without an estimate', () => {
    const lost = findCrossing([at(1000, 5), at(2000, 10, 3)]);
    expect(lost).toMatchObject({ crossed: true, heldUpTo: 1000, crossedAt: 2000, estimate: null });
    expect(lost.text).toMatch(/\(3 lost\)$/);
    expect(findCrossing([at(1000, Number.NaN)])).toMatchObject({ crossedAt: 1000, estimate: null });
  });

  it('keeps the first crossing even when a later step comes back under 50 ms', () => {
    expect(findCrossing([at(1000, 60), at(2000, 10)]).crossedAt).toBe(1000);
  });

  it('says "beyond" the top step when no step crossed, and "not measured" without steps', () => {
    const held = findCrossing([at(1000, 3), at(19_900, 49.9)]);
    expect(held).toMatchObject({ crossed: false, crossedAt: null, heldUpTo: 19_900, highest: 19_900 });
    expect(held.text).toBe('beyond 19,900 streams: p99 stayed under 50 ms at every step');
    expect(findCrossing([]).text).toBe('not measured');
  });
});

describe('crossedAtLowest', () => {
  it('asks for a lower step only while the lowest step measured is the first crossing', () => {
    expect(crossedAtLowest([at(1000, 111), at(10_000, 1200)])).toBe(true);
    expect(crossedAtLowest([at(500, 80), at(1000, 111)])).toBe(true);
    expect(crossedAtLowest([at(250, 20), at(500, 80), at(1000, 111)])).toBe(false);
    expect(crossedAtLowest([at(1000, 10)])).toBe(false);
    expect(crossedAtLowest([])).toBe(false);
  });
});

describe('kneeRatio', () => {
  const crossed = (heldUpTo: number, crossedAt: number, estimate: number | null, highest = crossedAt): Crossing => ({
    crossed: true,
    heldUpTo,
    crossedAt,
    estimate,
    highest,
    text: '',
  });
  const beyond = (highest: number): Crossing => ({
    crossed: false,
    heldUpTo: highest,
    crossedAt: null,
    estimate: null,
    highest,
    text: '',
  });

  it('decides on the interpolated ratio when both crossed and the bounds straddle the goal', () => {
    const ratio = kneeRatio(crossed(5000, 10_000, 7500), crossed(10_000, 15_000, 12_500));
    expect(ratio).toEqual({
      estimate: 0.6,
      low: 0.33,
      high: 1,
      met: false,
      text: '0.6 interpolated (between 0.33 and 1 on the ladder)',
    });
    expect(kneeRatio(crossed(5000, 10_000, 9000), crossed(10_000, 15_000, 12_000)).met).toBe(true);
  });

  it('decides on the bounds alone when they lie on one side of the goal', () => {
    expect(kneeRatio(crossed(15_000, 19_900, null), crossed(5000, 10_000, null)).met).toBe(true);
    expect(kneeRatio(crossed(1000, 2500, null), crossed(10_000, 15_000, null))).toMatchObject({
      high: 0.25,
      met: false,
    });
    expect(kneeRatio(crossed(5000, 10_000, null), crossed(10_000, 15_000, null))).toMatchObject({
      estimate: null,
      met: null,
      text: 'between 0.33 and 1 on the ladder',
    });
  });

  it('leaves the goal undecided when both crossed at the lowest step: the interpolation from 0 is a guess', () => {
    expect(kneeRatio(crossed(0, 1000, 449), crossed(0, 1000, 285))).toEqual({
      estimate: 1.58,
      low: 0,
      high: null,
      met: null,
      text: '1.58 interpolated (no bound on the ladder: both crossed at its lowest step)',
    });
    expect(kneeRatio(crossed(0, 1000, 300), crossed(2500, 5000, 4000))).toMatchObject({ high: 0.4, met: false });
  });

  it('gives an upper bound when only the mock crossed, a miss only when that bound is under the goal', () => {
    expect(kneeRatio(crossed(5000, 10_000, 8000), beyond(19_900))).toEqual({
      estimate: null,
      low: null,
      high: 0.5,
      met: false,
      text: 'at most 0.5 (upper bound: the bare server held all 19,900 streams)',
    });
    expect(kneeRatio(crossed(10_000, 15_000, 12_000), beyond(19_900))).toMatchObject({ high: 0.75, met: null });
  });

  it('gives a lower bound when only the bare server crossed', () => {
    expect(kneeRatio(beyond(19_900), crossed(10_000, 15_000, 12_000))).toMatchObject({
      low: 1.33,
      high: null,
      met: true,
      text: 'above 1.33 (lower bound)',
    });
  });

  it('says the ratio is not measurable when neither crossed', () => {
    expect(kneeRatio(beyond(2000), beyond(2000))).toMatchObject({
      estimate: null,
      met: null,
      text: 'not measurable: neither crossed 50 ms up to 2,000 streams, the top of the ladder',
    });
    expect(kneeRatio(beyond(0), beyond(0)).text).toBe('not measured');
  });
});

describe('crossingShort', () => {
  it.each([
    ['an estimate and its bracket', [at(2500, 20), at(5000, 80)], '~3,750 (2,500–5,000)'],
    ['the bracket when streams were lost', [at(1000, 70, 2)], '≤ 1,000'],
    ['beyond the ladder', [at(19_900, 3)], 'beyond 19,900'],
  ])('shows %s', (_name, points, want) => {
    expect(crossingShort(findCrossing(points))).toBe(want);
  });
});

describe('ladderSteps', () => {
  it('adds the main step, cuts steps to the open-files cap and keeps each once, ascending', () => {
    expect(ladderSteps([1000, 2500, 15_000, 20_000], 10_000, 19_900)).toEqual([1000, 2500, 10_000, 15_000, 19_900]);
    expect(ladderSteps([500, 1000, 2000], 1000, 800)).toEqual([500, 800]);
    expect(ladderSteps([], 1000, 19_900)).toEqual([1000]);
  });
});
