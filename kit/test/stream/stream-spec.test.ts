import { loadContract } from '../../contract/contract';
import { addedFamilies, deltaFamilies, streamSpec } from '../../stream/stream-spec';

const contract = loadContract();

describe('the stream spec', () => {
  it('pairs each X.delta and X.added with the X.done the document defines', () => {
    const spec = streamSpec(contract);
    const deltas = deltaFamilies(spec);
    expect(deltas.has('response.output_text')).toBe(true);
    expect(deltas.has('response.function_call_arguments')).toBe(true);
    expect(addedFamilies(spec).has('response.output_item')).toBe(true);
    for (const family of [...deltas, ...addedFamilies(spec)])
      expect(spec.eventSchemas.has(`${family}.done`)).toBe(true);
  });

  it('works the families out once per spec, each from its own events', () => {
    const spec = streamSpec(contract);
    expect(deltaFamilies(spec)).toBe(deltaFamilies(spec));
    const only = {
      contract,
      eventSchemas: new Map([
        ['x.delta', '#/a'],
        ['x.done', '#/b'],
        ['y.delta', '#/c'],
      ]),
    };
    expect([...deltaFamilies(only)]).toEqual(['x']);
    expect([...addedFamilies(only)]).toEqual([]);
    expect(deltaFamilies(only)).not.toBe(deltaFamilies(spec));
  });
});
