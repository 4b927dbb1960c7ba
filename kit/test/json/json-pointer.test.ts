import { decodeSegment, encodeSegment, parsePointer, toPointer, valueAt } from '../../json/json-pointer';

describe('JSON pointers', () => {
  it.each([
    ['a slash', '/responses', '~1responses'],
    ['a tilde', 'a~b', 'a~0b'],
    ['both, tilde first', '~/', '~0~1'],
    ['a number', 3, '3'],
  ])('encodes and decodes a segment with %s', (_name, given, want) => {
    expect(encodeSegment(given)).toBe(want);
    expect(decodeSegment(want)).toBe(String(given));
  });

  it('turns a path into a pointer and back', () => {
    const path = ['paths', '/model/{author}/{slug}', 'get'];
    expect(toPointer(path)).toBe('/paths/~1model~1{author}~1{slug}/get');
    expect(parsePointer(toPointer(path))).toEqual(path);
  });

  it('percent-decodes the segments of a URI fragment pointer only', () => {
    expect(parsePointer('#/a%20b/~1c')).toEqual(['a b', '/c']);
    expect(parsePointer('/a%20b')).toEqual(['a%20b']);
    expect(parsePointer('#')).toEqual([]);
  });

  it('finds values in objects and arrays, and undefined for what is not there', () => {
    const doc = { a: { 'b/c': [10, 20] } };
    expect(valueAt(doc, '#/a/b~1c/1')).toBe(20);
    expect(valueAt(doc, '')).toBe(doc);
    expect(valueAt(doc, '/a/missing')).toBeUndefined();
    expect(valueAt(doc, '/a/b~1c/1/deeper')).toBeUndefined();
    expect(valueAt(doc, '/a/constructor')).toBeUndefined();
  });
});
