import type { BenchRequest, CannedResponse } from './canned-response';
import { captureResponse } from './canned-response';
import { WORKLOADS, STREAM_REQUEST, forTarget } from './workloads';

/**
 * The bare server must answer the very bytes our mock answers, or the comparison is unfair.
 * Throws when status, headers or body differ for `request` (the GET: its answer is deterministic).
 */
export async function sameBytes(
  oursOrigin: string,
  bareOrigin: string,
  request: BenchRequest | undefined,
): Promise<void> {
  if (!request) return;
  const [ours, bare] = await Promise.all([
    captureResponse(oursOrigin, forTarget('ours', request)),
    captureResponse(bareOrigin, forTarget('bare', request)),
  ]);
  const shape = (r: CannedResponse): string => JSON.stringify([r.status, r.headers, r.bodyBase64]);
  if (shape(ours) !== shape(bare)) {
    throw new Error(
      `the bare server does not answer ${request.method} ${request.path} with our bytes:\nours ${shape(ours).slice(0, 300)}\nbare ${shape(bare).slice(0, 300)}`,
    );
  }
}

/** What Prism answers to each benchmarked request, so a report says what Prism was measured doing. */
export async function describePrism(origin: string): Promise<string[]> {
  const requests = [
    ...WORKLOADS.map((s) => ({ label: s.label, request: s.request })),
    { label: 'POST /responses (stream)', request: STREAM_REQUEST },
  ];
  const notes: string[] = [];
  for (const { label, request } of requests) {
    try {
      const answer = await captureResponse(origin, forTarget('prism', request));
      const type = answer.headers.find(([name]) => name.toLowerCase() === 'content-type')?.[1] ?? 'no content-type';
      const bytes = Buffer.from(answer.bodyBase64, 'base64').length;
      notes.push(`Prism answers ${label} with ${answer.status} ${type}, ${bytes} bytes (an example from the document)`);
    } catch (err) {
      notes.push(`Prism fails ${label}: ${(err as Error).message}`);
    }
  }
  return notes;
}
