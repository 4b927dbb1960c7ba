import { gzipSync } from 'node:zlib';
import { bodyDecoder, decodableAcceptEncoding } from '../content-coding';

describe('decodableAcceptEncoding', () => {
  it.each([
    ['no header', { given: undefined, want: undefined }],
    [
      'codings it decodes, weights kept',
      { given: 'gzip;q=1.0, deflate, br;q=0.5', want: 'gzip;q=1.0, deflate, br;q=0.5' },
    ],
    ['one it cannot decode among others', { given: 'zstd, gzip', want: 'gzip' }],
    ['only ones it cannot decode', { given: 'zstd', want: 'identity' }],
    ['a wildcard, which could mean any coding', { given: '*', want: 'identity' }],
    ['a repeated header', { given: ['gzip', 'zstd'], want: 'gzip' }],
  ])('keeps what it can decode of %s', (_name, { given, want }) => {
    expect(decodableAcceptEncoding(given)).toBe(want);
  });
});

describe('bodyDecoder', () => {
  it('decodes nothing for identity or no header', () => {
    expect(bodyDecoder(undefined)).toEqual([]);
    expect(bodyDecoder('identity')).toEqual([]);
  });

  it('names a coding it cannot decode', () => {
    expect(bodyDecoder('zstd')).toEqual(
      new Error('the body is in content-encoding zstd, which the proxy cannot decode'),
    );
  });

  it('undoes gzip', async () => {
    const decoders = bodyDecoder('gzip');
    if (decoders instanceof Error || !decoders[0]) throw new Error('no gzip decoder');
    const [gunzip] = decoders;
    const out: Buffer[] = [];
    gunzip.on('data', (chunk: Buffer) => out.push(chunk));
    const ended = new Promise((resolve) => gunzip.on('end', resolve));
    gunzip.end(gzipSync('{"ok":true}'));
    await ended;
    expect(Buffer.concat(out).toString('utf8')).toBe('{"ok":true}');
  });
});
