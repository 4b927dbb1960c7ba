import { fitArguments } from '../../../../src/operations/create-response/answer/fit-arguments';

const schema = (properties: Record<string, unknown>, required: string[], more: Record<string, unknown> = {}) => ({
  type: 'object',
  properties,
  required,
  additionalProperties: false,
  ...more,
});

describe('a script call fitted to the tool the request gives', () => {
  it('keeps arguments that name only the tool members and give every required one', () => {
    const parameters = schema({ city: { type: 'string' }, unit: { enum: ['c', 'f'] } }, ['city']);
    const scripted = { city: 'Paris' };
    expect(fitArguments(scripted, parameters)).toBe(scripted);
  });

  it('keeps the arguments as written when the tool gives no object schema', () => {
    expect(fitArguments({ city: 'Paris' }, undefined)).toEqual({ city: 'Paris' });
    expect(fitArguments({ city: 'Paris' }, { type: 'object' })).toEqual({ city: 'Paris' });
  });

  it('moves a script string the tool lacks into its first missing plain-string member, and builds the rest', () => {
    const parameters = schema({ location: { type: 'string' }, unit: { type: 'string', enum: ['c', 'f'] } }, [
      'location',
      'unit',
    ]);
    expect(fitArguments({ city: 'Paris' }, parameters)).toEqual({ location: 'Paris', unit: 'c' });
  });

  it('builds a missing member whose schema a script string may not fit (a format, a pattern, an enum)', () => {
    const parameters = schema({ city: { type: 'string' }, email: { type: 'string', format: 'email' } }, [
      'city',
      'email',
    ]);
    expect(fitArguments({ city: 'Paris', to: 'Rome' }, parameters)).toEqual({
      city: 'Paris',
      email: 'user@example.com',
    });
  });

  it('keeps the script members a tool allows beyond its properties', () => {
    const parameters = schema({ days: { type: 'integer', minimum: 1 } }, ['days'], { additionalProperties: true });
    expect(fitArguments({ city: 'Paris' }, parameters)).toEqual({ city: 'Paris', days: 1 });
  });
});
