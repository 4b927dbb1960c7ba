import { wireChange } from '../parameter-wire';

const query = (schema: object, extra: object = {}) => ({ name: 'p', in: 'query', schema, ...extra });
const path = (schema: object, extra: object = {}) => ({ name: 'p', in: 'path', required: true, schema, ...extra });

describe('what a style or explode change does on the wire', () => {
  const cases: Array<[string, { given: [before: object, after: object]; want: boolean }]> = [
    [
      'explode false on an integer query parameter changes nothing',
      { given: [query({ type: 'integer' }), query({ type: 'integer' }, { explode: false })], want: false },
    ],
    [
      'pipeDelimited on a string query parameter changes nothing',
      { given: [query({ type: 'string' }), query({ type: 'string' }, { style: 'pipeDelimited' })], want: false },
    ],
    [
      'explode false on an array query parameter joins the values with commas',
      {
        given: [
          query({ type: 'array', items: { type: 'string' } }),
          query({ type: 'array', items: { type: 'string' } }, { explode: false }),
        ],
        want: true,
      },
    ],
    [
      'explode true written out on a form array is the default',
      { given: [query({ type: 'array' }), query({ type: 'array' }, { style: 'form', explode: true })], want: false },
    ],
    [
      'label style on a string path parameter adds a dot',
      { given: [path({ type: 'string' }), path({ type: 'string' }, { style: 'label' })], want: true },
    ],
    [
      'explode on a string path parameter changes nothing',
      { given: [path({ type: 'string' }), path({ type: 'string' }, { explode: true })], want: false },
    ],
    [
      'explode false on a parameter of any type may change the wire',
      { given: [query({}), query({}, { explode: false })], want: true },
    ],
  ];

  it.each(cases)('finds that %s', (_name, { given, want }) => {
    expect(wireChange(...given).changes).toBe(want);
  });
});
