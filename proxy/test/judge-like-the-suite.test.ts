import { startFaultProxy } from '../../conformance/test/faults/fault-proxy';
import type { FaultProxy } from '../../conformance/test/faults/fault-proxy';
import { startInProcessMock } from '../../mocks/index';
import type { RunningMock } from '../../mocks/index';
import { startProxy } from '../index';
import type { RunningProxy } from '../index';

const HEADERS = { authorization: 'Bearer sk-mock-user', 'content-type': 'application/json' };

let mock: RunningMock;
let gateway: FaultProxy;
let proxy: RunningProxy;
beforeAll(async () => {
  mock = await startInProcessMock();
  // A gateway that ignores tool_choice and max_price: it answers as if they were not sent.
  gateway = await startFaultProxy(mock.baseUrl, {
    request: (req) => {
      if (typeof req.body !== 'object' || req.body === null) return req;
      const rest = { ...(req.body as Record<string, unknown>) };
      delete rest.tool_choice;
      delete rest.provider;
      return { ...req, body: rest };
    },
  });
  proxy = await startProxy({ upstream: gateway.baseUrl });
});
afterAll(async () => {
  await proxy.close(0);
  await gateway.close();
  await mock.close();
});

async function send(body: unknown): Promise<number> {
  const before = proxy.exchanges;
  const res = await fetch(`${proxy.baseUrl}/responses`, {
    method: 'POST',
    headers: HEADERS,
    body: JSON.stringify(body),
  });
  await res.text();
  while (proxy.exchanges === before) await new Promise((resolve) => setImmediate(resolve));
  return res.status;
}

describe("the proxy judges a gateway's answers to requests that break the spec as the suite does", () => {
  it.each([
    [
      'toolChoiceNotInTools',
      {
        model: 'openai/gpt-4o',
        input: 'hi',
        tools: [{ type: 'function', name: 'lookup', parameters: { type: 'object' } }],
        tool_choice: { type: 'function', name: 'missing' },
      },
    ],
  ])('flags a 200 to a request that breaks the semantic rule %s', async (rule, body) => {
    expect(await send(body)).toBe(200);
    const causes = proxy.report().rootCauses.map((cause) => cause.title);
    expect(causes.join('\n')).toMatch(/requests that break a semantic rule answered 200 where the contract says 400/);
    expect(JSON.stringify(proxy.violations())).toContain(rule);
  });

  it('flags nothing on a valid request the gateway answers well', async () => {
    const before = proxy.violations().length;
    expect(await send({ model: 'openai/gpt-4o', input: 'hi', tool_choice: 'auto' })).toBe(200);
    expect(proxy.violations()).toHaveLength(before);
  });
});
