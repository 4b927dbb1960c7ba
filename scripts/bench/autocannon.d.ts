/** The part of autocannon 9's programmatic API the benchmark uses (the package ships no types). */
declare module 'autocannon' {
  interface Histogram {
    readonly average: number;
    readonly p50: number;
    readonly p90: number;
    readonly p99: number;
    readonly max: number;
  }
  interface Options {
    url: string;
    connections?: number;
    duration?: number;
    amount?: number;
    method?: string;
    headers?: Record<string, string>;
    body?: string;
    timeout?: number;
    workers?: number;
    /** Sent in turn on each connection, to the host of `url`. */
    requests?: ReadonlyArray<{ method: string; path: string; headers?: Record<string, string>; body?: string }>;
  }
  interface Result {
    readonly requests: Histogram & { readonly total: number };
    readonly latency: Histogram;
    readonly duration: number;
    readonly errors: number;
    readonly timeouts: number;
    readonly non2xx: number;
    readonly statusCodeStats: Record<string, { count: number }>;
  }
  interface Instance extends PromiseLike<Result> {
    stop(): void;
  }
  function autocannon(options: Options): Instance;
  export = autocannon;
}
