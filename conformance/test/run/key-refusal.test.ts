import { loadContract } from '../../../kit/contract/contract';
import { createCheckContext } from '../../engine/check-context';
import { contradictedRefusals } from '../../run/key-refusal';
import { cannedExchange } from '../support/canned';

const ctx = createCheckContext(loadContract());
const op = (id: string) => {
  const found = ctx.operations.get(id);
  if (!found) throw new Error(`no operation ${id}`);
  return found;
};
const envelope = (code: number) => ({ error: { code, message: 'no' } });
const model = (status: number) =>
  cannedExchange(op('getModel'), {
    status,
    contentType: 'application/json',
    body: status === 200 ? {} : envelope(status),
  });
const list = (status: number) =>
  cannedExchange(op('listEmbeddingsModels'), { status, contentType: 'application/json', body: envelope(status) });

describe('contradictedRefusals', () => {
  it('finds a 401 to the API key that another operation accepted', () => {
    const refused = list(401);
    const found = contradictedRefusals([model(200), refused]);
    expect(found.map(([exchange]) => exchange)).toEqual([refused]);
    expect(found[0]?.[1].finding.message).toMatch(/refused the API key with 401, which GET \S+ accepted \(200\)/);
  });

  it('leaves a key every operation refuses to the preflight (a bad key)', () => {
    expect(contradictedRefusals([model(401), list(401)])).toEqual([]);
  });

  it('leaves a 403 to the preflight: a narrower key may be refused one operation', () => {
    expect(contradictedRefusals([model(200), list(403)])).toEqual([]);
  });
});
