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
  describe('the bytes of the answer before', () => {
    const marks = makeMarks();
    const template = toTemplate(
      JSON.stringify({
        id: marks.ids.generation,
        created_at: marks.createdAt,
        text: 'héllo',
        output: [{ id: marks.ids.item('msg') }],
        meta: marks.serviceMetadata,
      }),
    );
    const text = (bytes: Uint8Array | undefined): string => new TextDecoder().decode(bytes);
    const filled = (over: Partial<typeof values>): Uint8Array | undefined =>
      template && fillBytes(template, { ...values, items: ['msg_a'], ...over });

    it('are copied with each hole written over while the values keep their lengths', () => {
      const first = filled({ generation: 'gen-1-aaaa', created: '10' });
      const layout = template?.layout;
      expect(layout).toBeDefined();
      const second = filled({ generation: 'gen-2-bbbb', created: '11' });
      // Taken from the layout, not laid out again: the layout is the same object.
      expect(template?.layout).toBe(layout);
      expect(text(second)).toBe(
        template && fill(template, { ...values, items: ['msg_a'], generation: 'gen-2-bbbb', created: '11' }),
      );
      // The first answer's bytes are its own: the second did not write into them.
      expect(text(first)).toContain('"id":"gen-1-aaaa","created_at":10');
      expect(second).not.toBe(first);
    });

    it('are laid out again when a value changes its length, and with non-ASCII values', () => {
      filled({ generation: 'gen-1-aaaa', created: '10' });
      const longer = { generation: 'gen-123-cccccc', created: '1000', metadata: '{"attempt":12}' };
      expect(text(filled(longer))).toBe(template && fill(template, { ...values, items: ['msg_a'], ...longer }));
      // The same lengths as the layout, one value not ASCII: written as UTF-8, not a character to a byte.
      const wide = { generation: 'gen-456-dddddü', created: '1001', metadata: '{"attempt":13}' };
      expect(text(filled(wide))).toBe(template && fill(template, { ...values, items: ['msg_a'], ...wide }));
      expect(text(filled(wide))).toContain('"id":"gen-456-dddddü"');
    });
  });
});
