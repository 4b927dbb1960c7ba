import path from 'node:path';
import { docImports, docReferences, importsProgram } from './support/doc-imports';
import { ROOT } from './support/run-cli';

// The packed package's side of this check is in package.test.ts, which installs the tarball once.
describe('the imports of the package that the docs show', () => {
  it('are collected from README.md and docs/*.md, values and types apart', () => {
    const found = docImports(ROOT);
    const at = (module: string) => found.filter((item) => item.module === module);
    expect(at('model-gateway-mock').flatMap((item) => item.values)).toEqual(
      expect.arrayContaining(['createMockServer', 'runConformance', 'featureMatrixMarkdown']),
    );
    expect(at('model-gateway-mock/contract').flatMap((item) => item.types)).toEqual(
      expect.arrayContaining(['components', 'paths']),
    );
    expect(found.find((item) => item.place.startsWith(`docs${path.sep}ci.md`))).toBeDefined();
  });

  it('become one program that imports each name under an alias of its own', () => {
    const program = importsProgram([
      { place: 'README.md:1', module: 'model-gateway-mock', values: ['a', 'b'], types: ['T'] },
    ]);
    expect(program.split('\n')).toEqual([
      "import { a as v0 } from 'model-gateway-mock'; // README.md:1",
      "import { b as v1 } from 'model-gateway-mock'; // README.md:1",
      "import type { T as t2 } from 'model-gateway-mock'; // README.md:1",
      'export {};',
    ]);
  });

  it('collects the entry points and installed files the docs name', () => {
    const { entries, files } = docReferences(ROOT);
    expect(entries).toEqual(expect.arrayContaining(['model-gateway-mock/contract', 'model-gateway-mock/msw/node']));
    expect(files).toEqual(expect.arrayContaining(['conformance/targets/target.schema.json']));
  });
});
