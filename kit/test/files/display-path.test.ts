import path from 'node:path';
import { displayPath } from '../../files/display-path';

describe('displayPath', () => {
  const cwd = process.cwd();
  const cases: Array<[string, { given: string; want: string }]> = [
    [
      'a file inside the working directory, relative to it',
      { given: path.join(cwd, 'spec', 'openapi.yaml'), want: path.join('spec', 'openapi.yaml') },
    ],
    ['a relative path, without a leading ./', { given: './spec/openapi.yaml', want: 'spec/openapi.yaml' }],
    [
      'a relative path above the working directory, as given',
      { given: '../other/openapi.yaml', want: '../other/openapi.yaml' },
    ],
    [
      'a file outside the working directory, as given',
      { given: '/elsewhere/openapi.yaml', want: '/elsewhere/openapi.yaml' },
    ],
    [
      'a directory whose name starts like the working directory, as given',
      { given: `${cwd}-other/openapi.yaml`, want: `${cwd}-other/openapi.yaml` },
    ],
    ['a name in angle brackets, as given', { given: '<memory>', want: '<memory>' }],
  ];
  it.each(cases)('shows %s', (_name, { given, want }) => {
    expect(displayPath(given)).toBe(want);
  });
});
