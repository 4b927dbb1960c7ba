import type { Transform } from 'node:stream';
import zlib from 'node:zlib';

/** The content codings the proxy can decode to check a body. */
const DECODERS: Readonly<Record<string, () => Transform>> = {
  gzip: () => zlib.createGunzip({ finishFlush: zlib.constants.Z_SYNC_FLUSH }),
  'x-gzip': () => zlib.createGunzip({ finishFlush: zlib.constants.Z_SYNC_FLUSH }),
  deflate: () => zlib.createInflate({ finishFlush: zlib.constants.Z_SYNC_FLUSH }),
  br: () => zlib.createBrotliDecompress({ finishFlush: zlib.constants.BROTLI_OPERATION_FLUSH }),
};

/**
 * The client's Accept-Encoding with only the codings the proxy can decode (and `identity`), so the
 * gateway compresses, if at all, in a way the checks can read. The client still gets the
 * compressed bytes it asked for; the proxy decodes a copy. Undefined when the client sent none.
 */
export function decodableAcceptEncoding(value: string | string[] | undefined): string | undefined {
  if (value === undefined) return undefined;
  const kept = (Array.isArray(value) ? value.join(',') : value)
    .split(',')
    .map((entry) => entry.trim())
    .filter((entry) => {
      const coding = entry.split(';')[0]?.trim().toLowerCase() ?? '';
      return coding === 'identity' || coding in DECODERS;
    });
  return kept.length > 0 ? kept.join(', ') : 'identity';
}

/**
 * A decoder for the codings of a Content-Encoding header, applied in reverse order; undefined for
 * an identity body; an Error naming a coding the proxy cannot decode.
 */
export function bodyDecoder(contentEncoding: string | undefined): Transform[] | Error {
  if (contentEncoding === undefined) return [];
  const codings = (contentEncoding ?? '')
    .split(',')
    .map((c) => c.trim().toLowerCase())
    .filter((c) => c !== '' && c !== 'identity');
  const decoders: Transform[] = [];
  for (const coding of codings.reverse()) {
    const make = DECODERS[coding];
    if (!make) return new Error(`the body is in content-encoding ${coding}, which the proxy cannot decode`);
    decoders.push(make());
  }
  return decoders;
}
