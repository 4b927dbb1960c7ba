import type { Contract } from '../../../kit/contract/contract-types';
import type { OperationInfo } from '../../../kit/contract/operations';
import type { MockOptions } from './options';
import type { SpecFacts } from './spec-facts/spec-facts';
import type { RunningStreams } from '../exchange/running-streams';
import type { ApiKeyRecord, MockStore } from './state/store';
import type { MockRequest, RequestHeaders } from '../exchange/mock-request';
import type { ReplySink } from '../exchange/reply-sink';
import type { RequestContext } from './handler-types';
import type { TokenCounter } from './token-counter';

/** What the pipeline knows about a request when it calls the handler (headers come from `request`). */
export type ContextParts = Omit<RequestContext, 'signal' | 'headers'> & {
  readonly request: MockRequest;
  readonly reply: ReplySink;
};

/**
 * The RequestContext handed to a handler. Its AbortSignal, and the close listener that fires
 * it, are made only when the handler asks: most answers are plain JSON that never look at it,
 * and an AbortController per request cost about a quarter of the CPU of a GET /model.
 * `release()` drops the listener once the handler is done.
 */
export class LiveContext implements RequestContext {
  readonly operation: OperationInfo;
  readonly pathParams: Readonly<Record<string, string>>;
  readonly query: Readonly<Record<string, unknown>>;
  readonly headers: RequestHeaders;
  readonly body: unknown;
  readonly key: ApiKeyRecord;
  readonly store: MockStore;
  readonly contract: Contract;
  readonly facts: SpecFacts;
  readonly options: MockOptions;
  readonly tokens: TokenCounter;
  readonly shutdown: RunningStreams;
  readonly #reply: ReplySink;
  #controller: AbortController | undefined;
  #offClose: (() => void) | undefined;

  constructor(parts: ContextParts) {
    this.operation = parts.operation;
    this.pathParams = parts.pathParams;
    this.query = parts.query;
    this.headers = parts.request.headers;
    this.body = parts.body;
    this.key = parts.key;
    this.store = parts.store;
    this.contract = parts.contract;
    this.facts = parts.facts;
    this.options = parts.options;
    this.tokens = parts.tokens;
    this.shutdown = parts.shutdown;
    this.#reply = parts.reply;
  }

  /** Aborted when the client goes away before the response is complete (also if it already has). */
  get signal(): AbortSignal {
    if (!this.#controller) {
      const controller = new AbortController();
      const reply = this.#reply;
      this.#controller = controller;
      if (reply.closed) {
        if (!reply.answered) controller.abort();
      } else {
        this.#offClose = reply.onClose((aborted) => {
          if (aborted) controller.abort();
        });
      }
    }
    return this.#controller.signal;
  }

  release(): void {
    this.#offClose?.();
  }
}
