import type { Expectation, Finding } from '../engine/types';
import { wrongStatus } from './status-matches-rule';

/**
 * A method the document does not list for a path gets 405 with an `Allow` header naming the
 * methods it does list (RFC 9110 §15.5.6, `#/paths`: the operations of each path are all there is).
 * `Allow` may name more (HEAD, OPTIONS), but never the refused method.
 */
export function expectMethodNotAllowed(path: string, documented: readonly string[]): Expectation {
  return {
    check: 'method-not-allowed',
    family: 'response',
    rule: `#/paths/${path.replace(/~/g, '~0').replace(/\//g, '~1')}`,
    verify(exchange) {
      const response = exchange.response;
      const method = exchange.request.method.toUpperCase();
      const want = `Allow: ${documented.join(', ')}`;
      if (response?.status !== 405)
        return [
          wrongStatus(response?.status, {
            expected: '405',
            subject: 'undocumented methods',
            because: `${path} documents only ${documented.join(', ')}, so ${method} is not allowed there`,
          }),
        ];
      const allow = response.headers.allow;
      if (allow === undefined)
        return [finding(`405 without an Allow header`, want, 'a 405 that does not say which methods are allowed')];
      const listed = allow
        .split(',')
        .map((m) => m.trim().toUpperCase())
        .filter((m) => m !== '');
      const absent = documented.filter((m) => !listed.includes(m));
      if (absent.length > 0)
        return [
          finding(
            `Allow: ${allow} leaves out ${absent.join(', ')}`,
            want,
            'Allow headers that leave out documented methods',
          ),
        ];
      if (listed.includes(method))
        return [
          finding(
            `Allow: ${allow} names ${method}, the method just refused`,
            want,
            'Allow headers that name the refused method',
          ),
        ];
      return [];
    },
  };
}

function finding(message: string, expected: string, cause: string): Finding {
  return { message, expected, cause };
}
