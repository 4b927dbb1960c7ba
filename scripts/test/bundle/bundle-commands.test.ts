import { build } from 'esbuild';
import { nonAsciiPlaces } from '../../bundle-commands';

const bytes = (text: string): Uint8Array => new TextEncoder().encode(text);

describe('nonAsciiPlaces (the bundled commands stay ASCII)', () => {
  it('finds nothing in ASCII text', () => {
    expect(nonAsciiPlaces('cli/x.js', bytes('const a = "\\u2192";\n// plain\n'))).toEqual([]);
  });

  it('names the file, the line and its text for each line with another character', () => {
    const text = bytes('line one\n  /** id → answer */\nok\nconst r = /[.…]$/; const s = "é";\n');
    expect(nonAsciiPlaces('cli/x.js', text)).toEqual([
      'cli/x.js:2: /** id → answer */',
      'cli/x.js:4: const r = /[.…]$/; const s = "é";',
    ]);
  });

  it('is what esbuild leaves with charset ascii: a comment it keeps and a regular expression literal', async () => {
    const result = await build({
      stdin: {
        contents: 'class A {\n  /** a → b */\n  x = "→";\n}\nexport const r = /[…]/;\nexport const a = new A();\n',
      },
      bundle: true,
      write: false,
      format: 'cjs',
      charset: 'ascii',
      logLevel: 'silent',
    });
    const places = nonAsciiPlaces('out.js', result.outputFiles[0]?.contents ?? new Uint8Array());
    expect(places.map((p) => p.replace(/^out\.js:\d+: /, ''))).toEqual(['/** a → b */', 'var r = /[…]/;']);
  });
});
