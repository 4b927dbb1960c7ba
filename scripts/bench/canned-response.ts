import http from 'node:http';

/** One exact response our mock gave, replayed byte for byte by the bare server. */
export interface CannedResponse {
  readonly method: string;
  /** Path and query as the client sends them. */
  readonly path: string;
  readonly status: number;
  /** Raw header pairs, minus those node:http adds itself (Date, Connection, Keep-Alive). */
  readonly headers: ReadonlyArray<readonly [string, string]>;
  readonly bodyBase64: string;
}

export interface BenchRequest {
  readonly method: 'GET' | 'POST';
  readonly path: string;
  readonly headers: Readonly<Record<string, string>>;
  readonly body?: string;
}

const ADDED_BY_NODE = new Set(['date', 'connection', 'keep-alive', 'transfer-encoding']);

/** Sends `request` once and records the answer exactly as it came over the wire. */
export function captureResponse(origin: string, request: BenchRequest): Promise<CannedResponse> {
  return new Promise((resolve, reject) => {
    const req = http.request(
      origin + request.path,
      { method: request.method, headers: request.headers, agent: false },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('error', reject);
        res.on('end', () => {
          const headers: Array<[string, string]> = [];
          for (let i = 0; i + 1 < res.rawHeaders.length; i += 2) {
            const name = res.rawHeaders[i] as string;
            if (!ADDED_BY_NODE.has(name.toLowerCase())) headers.push([name, res.rawHeaders[i + 1] as string]);
          }
          resolve({
            method: request.method,
            path: request.path,
            status: res.statusCode ?? 0,
            headers,
            bodyBase64: Buffer.concat(chunks).toString('base64'),
          });
        });
      },
    );
    req.on('error', reject);
    req.end(request.body);
  });
}
