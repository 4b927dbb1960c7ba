/**
 * The build step that makes node's types optional in the package's declarations: each line that
 * names a node module or global gets a `@ts-ignore`, comments and other lines stay as they were.
 * That a frontend project type-checks against the packed package is cli/test/package.test.ts.
 */
import { markNodeTypes } from '../node-types-optional';

const IGNORE = "// @ts-ignore -- node's types, where the project has them (scripts/node-types-optional.ts)";

describe('markNodeTypes', () => {
  it('marks imports of node modules and uses of its globals, indented as the line', () => {
    const text = [
      "import * as http from 'node:http';",
      'export interface MockServer {',
      '    readonly server: http.Server;',
      '    readonly env: NodeJS.ProcessEnv;',
      '}',
    ].join('\n');
    expect(markNodeTypes(text).split('\n')).toEqual([
      IGNORE,
      "import * as http from 'node:http';",
      'export interface MockServer {',
      '    readonly server: http.Server;',
      `    ${IGNORE}`,
      '    readonly env: NodeJS.ProcessEnv;',
      '}',
    ]);
  });

  it('leaves comments and declarations without node types as they are', () => {
    const text = [
      "/** Reads node:http's own header object. */",
      ' * a Buffer under node:http',
      'export type A = string;',
    ].join('\n');
    expect(markNodeTypes(text)).toBe(text);
  });
});
