import type { FaultCase } from './fault-case';
import { mapEvents } from './sse-frames';
import type { EventBody } from './sse-frames';
import { isRecord } from '../../../kit/json/guards';

/** A response object with its times rewritten by `edit`. */
function retimed(response: unknown, edit: (created: number, completed: unknown) => Record<string, unknown>): unknown {
  if (!isRecord(response) || typeof response.created_at !== 'number') return response;
  return { ...response, ...edit(response.created_at, response.completed_at) };
}

/** Milliseconds where the contract gives seconds: the same instant, a thousand times the number. */
const inMilliseconds = (created: number, completed: unknown) => ({
  created_at: created * 1000,
  ...(typeof completed === 'number' ? { completed_at: completed * 1000 + 250 } : {}),
});

function streamed(edit: (event: EventBody) => EventBody): FaultCase['fault'] {
  return { stream: (frames) => ({ frames: mapEvents(frames, edit) }) };
}

/** Faults in the times answers carry (ResponseResult created_at and completed_at, Model created: Unix seconds). */
export const TIME_FAULTS: readonly FaultCase[] = [
  {
    name: 'gives created_at and completed_at in milliseconds',
    only: ['rules/createResponse/plain'],
    caughtBy: 'timestamps-plausible',
    said: /Unix milliseconds/,
    fault: { response: (res) => ({ ...res, body: retimed(res.body, inMilliseconds) }) },
  },
  {
    name: "gives a stream's response times in milliseconds",
    only: ['stream/createResponse/text'],
    caughtBy: 'stream-timestamps-plausible',
    said: /Unix milliseconds/,
    fault: streamed((e) => ({ ...e, response: retimed(e.response, inMilliseconds) })),
  },
  {
    name: 'completes a response before it was created',
    only: ['rules/createResponse/plain'],
    caughtBy: 'timestamps-plausible',
    said: /before created_at/,
    fault: { response: (res) => ({ ...res, body: retimed(res.body, (created) => ({ completed_at: created - 60 })) }) },
  },
  {
    name: 'completes a streamed response before it was created',
    only: ['stream/createResponse/text'],
    caughtBy: 'stream-timestamps-plausible',
    said: /before created_at/,
    fault: streamed((e) =>
      e.type === 'response.completed'
        ? { ...e, response: retimed(e.response, (created) => ({ completed_at: created - 60 })) }
        : e,
    ),
  },
  {
    name: 'stamps responses with a clock a day behind',
    only: ['rules/createResponse/plain'],
    caughtBy: 'timestamps-plausible',
    said: /outside the run's time window/,
    fault: {
      response: (res) => ({
        ...res,
        body: retimed(res.body, (created) => ({ created_at: created - 86_400, completed_at: created - 86_399 })),
      }),
    },
  },
  {
    name: "gives a model's created in milliseconds",
    only: ['catalog/getModel/model'],
    caughtBy: 'timestamps-plausible',
    said: /created is \d+, which is Unix milliseconds/,
    fault: {
      response: (res) =>
        isRecord(res.body) && isRecord(res.body.data) && typeof res.body.data.created === 'number'
          ? { ...res, body: { ...res.body, data: { ...res.body.data, created: res.body.data.created * 1000 } } }
          : res,
    },
  },
];
