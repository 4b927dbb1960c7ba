import type { OperationInfo } from '../../../../kit/contract/operations';
import { LruCache } from '../../../../kit/memo/lru-cache';
import { deepFreeze } from '../../../../kit/json/deep-freeze';

/** What routing and validation made of a URL that passed both. */
export interface AdmittedUrl {
  readonly operation: OperationInfo;
  readonly pathParams: Readonly<Record<string, string>>;
  readonly query: Readonly<Record<string, unknown>>;
}

/** URLs remembered per method. */
const URL_ENTRIES = 1024;

/**
 * An operation with no request body and no header or cookie parameters (every GET of the
 * contract) is routed and validated by its method and URL alone: the same URL always meets the
 * same operation, path parameters and query, and passes or fails the same way. So the URLs that
 * passed are remembered (bounded, frozen) and a repeated one skips the route patterns, the
 * percent-decoding and the parameter schemas. Authentication, `Prefer` and the handler still run
 * for every request; a URL that failed is never remembered, so its error is worked out each time.
 */
export class AdmittedUrls {
  private readonly byMethod = new Map<string, LruCache<string, AdmittedUrl>>();

  constructor(private readonly enabled: boolean) {}

  /** Whether `operation`'s requests are decided by their method and URL alone. */
  static decidedByUrl(operation: OperationInfo): boolean {
    return !operation.requestBody && operation.parameters.every((param) => param.in === 'path' || param.in === 'query');
  }

  get(method: string, url: string): AdmittedUrl | undefined {
    return this.byMethod.get(method)?.get(url);
  }

  /** Remembers a URL that passed routing and validation, if its operation is decided by the URL alone. */
  remember(method: string, url: string, admitted: AdmittedUrl): void {
    if (!this.enabled || !AdmittedUrls.decidedByUrl(admitted.operation)) return;
    let urls = this.byMethod.get(method);
    if (!urls) {
      urls = new LruCache(URL_ENTRIES);
      this.byMethod.set(method, urls);
    }
    urls.set(url, {
      operation: admitted.operation,
      pathParams: deepFreeze({ ...admitted.pathParams }),
      query: deepFreeze({ ...admitted.query }),
    });
  }
}
