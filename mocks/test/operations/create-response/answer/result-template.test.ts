import {
  countHoles,
  fill,
  fillBytes,
  makeMarks,
  toTemplate,
} from '../../../../src/operations/create-response/answer/result-template';

const values = {
  generation: 'gen-7-abc',
  created: '7',
  completed: () => '9',
  metadata: '{"attempt":1}',
  items: ['msg_a', 'rs_b'],
};

describe('result templates', () => {
  it('fills each hole of serialized marked values with the values of one response', () => {
    const marks = makeMarks();
    const marked = {
      id: marks.ids.generation,
      created_at: marks.createdAt,
      completed_at: marks.completedAt,
      output: [{ id: marks.ids.item('msg') }, { id: marks.ids.item('rs') }],
      service_metadata: marks.serviceMetadata,
    };
    const template = toTemplate(JSON.stringify(marked));
    expect(template && fill(template, values)).toBe(
      '{"id":"gen-7-abc","created_at":7,"completed_at":9,"output":[{"id":"msg_a"},{"id":"rs_b"}],"service_metadata":{"attempt":1}}',
    );
    expect(template && Buffer.from(fillBytes(template, values)).toString()).toBe(template && fill(template, values));
    expect(marks.itemPrefixes).toEqual(['msg', 'rs']);
    expect(template && countHoles(template, 'generation')).toBe(1);
  });

  it('gives the UTF-8 bytes of the filled text, whatever characters the parts and the values hold', () => {
    const marks = makeMarks();
    const template = toTemplate(
      JSON.stringify({ text: 'héllo 👋 «ok»', id: marks.ids.generation, meta: marks.serviceMetadata, end: '末' }),
    );
    const withWide = { ...values, generation: 'gen-7-ü', metadata: '{"provider":"Ünïcode 雲"}' };
    const bytes = template && fillBytes(template, withWide);
    expect(bytes && Buffer.from(bytes)).toEqual(template && Buffer.from(fill(template, withWide), 'utf8'));
    expect(bytes && JSON.parse(new TextDecoder().decode(bytes))).toEqual({
      text: 'héllo 👋 «ok»',
      id: 'gen-7-ü',
      meta: { provider: 'Ünïcode 雲' },
      end: '末',
    });
  });

  it('has no template for text where a mark did not survive whole', () => {
    const { ids } = makeMarks();
    expect(toTemplate(JSON.stringify({ id: ids.generation.slice(0, -1) }))).toBeUndefined();
    expect(toTemplate(JSON.stringify({ id: ids.generation }))).toBeDefined();
  });

  it('asks for the completion time only where the text holds it', () => {
    const marks = makeMarks();
    const completed = jest.fn(() => '9');
    const template = toTemplate(JSON.stringify({ created_at: marks.createdAt }));
    expect(template && fill(template, { ...values, completed })).toBe('{"created_at":7}');
    expect(completed).not.toHaveBeenCalled();
  });
});
