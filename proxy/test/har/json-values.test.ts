import { jsonValues, JsonValuesError } from '../../har/json-values';

async function* chunksOf(text: string, size: number): AsyncGenerator<string> {
  for (let i = 0; i < text.length; i += size) yield text.slice(i, i + size);
}

async function texts(text: string, size: number): Promise<Array<{ value: unknown; line: number; harEntry: boolean }>> {
  const out = [];
  for await (const found of jsonValues(chunksOf(text, size)))
    out.push({ value: JSON.parse(found.text) as unknown, line: found.line, harEntry: found.harEntry });
  return out;
}

/** Entries with what could mislead a scanner: braces, brackets, quotes and backslashes inside strings, a key named log. */
const ENTRIES = [
  { request: { url: 'http://a/x?q={"}"}', note: 'a \\"quoted\\" [bracket]' }, response: { status: 200 } },
  { log: 'not a HAR', request: { url: 'http://a/y' }, response: { content: { text: 'data: {"a":[1,2]}\n\n' } } },
];

describe('jsonValues', () => {
  const har = JSON.stringify({ log: { version: '1.2', creator: { name: 'x' }, entries: ENTRIES } }, null, 2);

  it.each([1, 2, 3, 7, 64, 100_000])(
    'gives each entry of a HAR document, whatever the chunk size (%i)',
    async (size) => {
      const found = await texts(har, size);
      expect(found.map((f) => f.value)).toEqual(ENTRIES);
      expect(found.every((f) => f.harEntry)).toBe(true);
      const lineOf = (text: string): number => har.slice(0, har.indexOf(text)).split('\n').length;
      expect(found.map((f) => f.line)).toEqual([lineOf('"request"') - 1, lineOf('"log": "not a HAR"') - 1]);
    },
  );

  it.each([1, 5, 100_000])('gives each line of NDJSON as a value of its own (chunks of %i)', async (size) => {
    const ndjson = `${ENTRIES.map((e) => JSON.stringify(e)).join('\n')}\n`;
    const found = await texts(ndjson, size);
    expect(found).toEqual([
      { value: ENTRIES[0], line: 1, harEntry: false },
      { value: ENTRIES[1], line: 2, harEntry: false },
    ]);
  });

  it('gives a document with no log whole (a recording)', async () => {
    const found = await texts('{"scripts": [{"name": "a"}]}', 4);
    expect(found).toEqual([{ value: { scripts: [{ name: 'a' }] }, line: 1, harEntry: false }]);
  });

  it.each([
    ['text outside a value', '{"a": 1}\nnope', 2, /"no.*… where a JSON object was expected/],
    ['a value cut short', '{"log": {"entries": [{"a": "b', 1, /the file ends inside a JSON value/],
    ['a closing brace with nothing open', '}', 1, /a closing \} with nothing open/],
  ])('says where it stops for %s', async (_, text, line, message) => {
    const error = await texts(text, 3).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(JsonValuesError);
    expect(error).toMatchObject({ line });
    expect((error as Error).message).toMatch(message);
  });
});
