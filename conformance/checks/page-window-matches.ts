import type { Expectation, Finding } from '../engine/types';
import { okJsonBody } from './status-matches-rule';
import { isRecord } from '../../kit/json/guards';

export interface PageWindow {
  /** Ids of the full list, in the order the gateway listed them. */
  readonly full: readonly string[];
  readonly offset: number;
  /** Undefined: `limit` was not sent, and its default is not shown, so any non-empty leading window is right. */
  readonly limit?: number;
  /** Member holding the total count, as the document names it (listEmbeddingsModels leaves the name open). */
  readonly totalMember?: string;
}

/**
 * A page is the window of the full list that `offset` and `limit` select, and the total count is
 * the number of models matching the query, whatever the window (listEmbeddingsModels).
 */
export function expectPageWindow(page: PageWindow): Expectation {
  return {
    check: 'page-window-matches',
    family: 'catalog',
    rule: 'listEmbeddingsModels 200 application/json',
    verify(exchange) {
      const because = 'offset and limit in range select a window of the list';
      const body = okJsonBody(exchange, { subject: 'pages of the list', because }, 'page');
      if (Array.isArray(body)) return body;
      const ids = Array.isArray(body.data) ? body.data.map((m) => (isRecord(m) ? m.id : undefined)) : [];
      const findings: Finding[] = [];
      const rest = page.full.slice(page.offset);
      const size = page.limit ?? Math.max(1, Math.min(ids.length, rest.length));
      const want = rest.slice(0, size);
      if (JSON.stringify(ids) !== JSON.stringify(want)) {
        findings.push({
          message: `offset=${page.offset} limit=${page.limit ?? '(none)'} returned [${ids.join(', ')}]`,
          expected: `[${want.join(', ')}] (the same window of the full list)`,
        });
      }
      const total = page.totalMember ? body[page.totalMember] : undefined;
      if (page.totalMember && total !== undefined && total !== page.full.length) {
        findings.push({
          message: `${page.totalMember} is ${JSON.stringify(total)} on a page`,
          expected: `${page.totalMember} ${page.full.length}, the number of models matching the query`,
        });
      }
      return findings;
    },
  };
}
