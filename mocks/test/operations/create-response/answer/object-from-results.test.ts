import { objectFromResults } from '../../../../src/operations/create-response/answer/object-from-results';

const result = (output: string) => ({ callId: 'call_1', name: 'get_weather', output });
const schema = {
  type: 'object',
  properties: {
    city: { type: 'string' },
    celsius: { type: 'integer', minimum: -90, maximum: 60 },
    sky: { type: 'string', enum: ['clear', 'cloudy'] },
    email: { type: 'string', format: 'email' },
  },
  required: ['city', 'celsius', 'sky', 'email'],
  additionalProperties: false,
};

describe('a JSON answer built after tool results', () => {
  it('takes the top-level members the results carry when they fit, the first result first', () => {
    const value = objectFromResults(schema, [
      result('{"city":"Paris","celsius":21,"sky":"clear"}'),
      result('{"city":"Rome"}'),
    ]);
    expect(value).toEqual({ city: 'Paris', celsius: 21, sky: 'clear', email: 'user@example.com' });
  });

  it('keeps the sampled value where the result does not fit: a wrong type, an enum miss, a bound, a format', () => {
    const value = objectFromResults(schema, [result('{"city":7,"celsius":99,"sky":"rain","email":"not-an-email"}')]);
    expect(value).toEqual({ city: 'sample', celsius: 1, sky: 'clear', email: 'user@example.com' });
  });

  it('samples as usual when the outputs are not JSON objects', () => {
    expect(objectFromResults(schema, [result('sunny'), result('[1,2]')])).toEqual({
      city: 'sample',
      celsius: 1,
      sky: 'clear',
      email: 'user@example.com',
    });
  });
});
