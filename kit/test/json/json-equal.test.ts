import { jsonEqual } from '../../json/json-equal';

describe('jsonEqual', () => {
  const cases: Array<[string, { a: unknown; b: unknown; want: boolean }]> = [
    ['equal primitives', { a: 'x', b: 'x', want: true }],
    ['different primitives', { a: 1, b: '1', want: false }],
    ['null against an object', { a: null, b: {}, want: false }],
    ['objects with members in another order', { a: { x: 1, y: [1, 2] }, b: { y: [1, 2], x: 1 }, want: true }],
    ['an object with a member more', { a: { x: 1 }, b: { x: 1, y: 2 }, want: false }],
    ['arrays in another order', { a: [1, 2], b: [2, 1], want: false }],
    ['an array against an object with the same indexes', { a: ['a'], b: { 0: 'a' }, want: false }],
    ['nested difference', { a: { x: { y: [{ z: 1 }] } }, b: { x: { y: [{ z: 2 }] } }, want: false }],
  ];
  it.each(cases)('%s', (_name, { a, b, want }) => {
    expect(jsonEqual(a, b)).toBe(want);
    expect(jsonEqual(b, a)).toBe(want);
  });
});
