import path from 'node:path';
import { docsOutput } from '../build-docs';
import { defaultDocsHtmlPath } from '../../mocks/src/api-docs/docs-endpoint';

describe('where model-gateway docs writes the page', () => {
  const installed = path.join(path.sep, 'app', 'node_modules', 'model-gateway-mock', 'dist', 'api-docs');
  const repository = path.join(__dirname, '..');

  it('writes the default spec into reports/docs/ of the current folder from an installed package, never into node_modules', () => {
    expect(docsOutput(undefined, undefined, installed)).toBe(path.resolve('reports', 'docs', 'index.html'));
  });

  it("rewrites the page the mock serves for the default spec in the package's own repository", () => {
    expect(docsOutput(undefined, undefined, repository)).toBe(defaultDocsHtmlPath());
  });

  it('names the page after --spec, and --output wins over both', () => {
    expect(docsOutput('specs/api.yaml', undefined, installed)).toBe(path.resolve('reports', 'docs', 'api.html'));
    expect(docsOutput('specs/api.yaml', 'out/ref.html', installed)).toBe(path.resolve('out', 'ref.html'));
  });
});
