import type { IncomingHttpHeaders, IncomingMessage, ServerResponse } from 'node:http';
import type { Contract } from '../../../kit/contract/contract';
import type { OperationInfo } from '../../../kit/contract/operations';
import type { MockOptions } from '../options';
import type { SpecFacts } from '../spec-facts/spec-facts';
import type { RunningStreams } from '../running-streams';
import type { ApiKeyRecord, MockStore } from '../state/store';
import type { AnswerSteering } from '../scenarios/scenario-types';
import type { RequestContext } from './context';

/** What the pipeline knows about a request when it calls the handler (headers come from `req`). */
export type ContextParts = Omit<RequestContext, 'signal' | 'headers'>;

/**
 * The RequestContext handed to a handler. Its AbortSignal, and the 'close' listener that fires
 * it, are made only when the handler asks: most answers are plain JSON that never look at it,
 * and an AbortController per request cost about a quarter of the CPU of a GET /model.
 * `release()` drops the listener once the handler is done.
 */
export class LiveContext implements RequestContext {
  readonly operation: OperationInfo;
  readonly pathParams: Readonly<Record<string, string>>;
  readonly query: Readonly<Record<string, unknown>>;
  readonly headers: IncomingHttpHeaders;
  readonly body: unknown;
  readonly key: ApiKeyRecord;
  readonly store: MockStore;
  readonly contract: Contract;
  readonly facts: SpecFacts;
  readonly options: MockOptions;
  readonly req: IncomingMessage;
  readonly res: ServerResponse;
  readonly shutdown: RunningStreams;
  readonly scenario: AnswerSteering | undefined;
  private controller: AbortController | undefined;
  private onClose: (() => void) | undefined;

  constructor(parts: ContextParts) {
    this.operation = parts.operation;
    this.pathParams = parts.pathParams;
    this.query = parts.query;
    this.headers = parts.req.headers;
    this.body = parts.body;
    this.key = parts.key;
    this.store = parts.store;
    this.contract = parts.contract;
    this.facts = parts.facts;
    this.options = parts.options;
    this.req = parts.req;
    this.res = parts.res;
    this.shutdown = parts.shutdown;
    this.scenario = parts.scenario;
  }

  /** Aborted when the client goes away before the response is complete (also if it already has). */
  get signal(): AbortSignal {
    if (!this.controller) {
      const controller = new AbortController();
      const res = this.res;
      this.controller = controller;
      if (res.closed) {
        if (!res.writableFinished) controller.abort();
      } else {
        this.onClose = () => {
          if (!res.writableFinished) controller.abort();
        };
        res.once('close', this.onClose);
      }
    }
    return this.controller.signal;
  }

  release(): void {
    if (this.onClose) this.res.off('close', this.onClose);
  }
}
