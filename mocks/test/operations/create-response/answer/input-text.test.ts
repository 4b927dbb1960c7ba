import { readInputText } from '../../../../src/operations/create-response/answer/input-text';
import type { ResponseRequest } from '../../../../src/operations/create-response/answer/response-types';

describe('reading the input text (ResponseRequest, InputItem)', () => {
  it('reads a string input as one user message', () => {
    expect(readInputText({ input: 'hello' })).toEqual({
      messages: [{ role: 'user', text: 'hello' }],
      matchText: 'hello',
      allText: 'hello',
    });
  });

  it('puts instructions first, as a developer message', () => {
    const text = readInputText({ instructions: 'Be brief.', input: 'hello' });
    expect(text.messages).toEqual([
      { role: 'developer', text: 'Be brief.' },
      { role: 'user', text: 'hello' },
    ]);
    expect([text.matchText, text.allText]).toEqual(['hello', 'Be brief.\nhello']);
  });

  it('reads every kind of item that carries text, and matches scripts on the last user message', () => {
    const request = {
      input: [
        { role: 'system', content: 'You are terse.' },
        {
          role: 'user',
          content: [
            { type: 'input_text', text: 'weather in Paris?' },
            { type: 'input_image', image_url: 'https://example.com/a.png' },
          ],
        },
        { type: 'reasoning', id: 'rs_1', summary: [{ type: 'summary_text', text: 'Call the tool.' }] },
        { type: 'function_call', call_id: 'call_1', name: 'get_weather', arguments: '{"city":"Paris"}' },
        { type: 'function_call_output', call_id: 'call_1', output: '{"temp":21}' },
        {
          type: 'message',
          role: 'assistant',
          content: [
            { type: 'output_text', text: 'It is 21 degrees.', annotations: [] },
            { type: 'refusal', refusal: 'No more.' },
          ],
        },
        { role: 'user', content: 'thanks' },
        { type: 'item_reference', id: 'msg_0' },
      ],
    } as ResponseRequest;
    const text = readInputText(request);
    expect(text.messages).toEqual([
      { role: 'system', text: 'You are terse.' },
      { role: 'user', text: 'weather in Paris?' },
      { role: 'assistant', text: 'Call the tool.' },
      { role: 'assistant', text: 'get_weather({"city":"Paris"})' },
      { role: 'tool', text: '{"temp":21}' },
      { role: 'assistant', text: 'It is 21 degrees.\nNo more.' },
      { role: 'user', text: 'thanks' },
    ]);
    expect(text.matchText).toBe('thanks');
  });

  it('renders prompt variables, string or input_text, and matches on them without a user message', () => {
    const text = readInputText({
      prompt: {
        id: 'pmpt_1',
        variables: { a: 'hello', b: { type: 'input_text', text: 'world' }, c: { type: 'input_image', image_url: 'x' } },
      },
    });
    expect([text.matchText, text.allText]).toEqual(['hello\nworld', 'hello\nworld']);
  });

  it('matches on the last user message even when a prompt is given', () => {
    expect(readInputText({ prompt: { id: 'pmpt_1', variables: { a: 'hello' } }, input: 'echo: hi' }).matchText).toBe(
      'echo: hi',
    );
  });

  it('has empty text without input', () => {
    expect(readInputText({})).toEqual({ messages: [], matchText: '', allText: '' });
  });
});
