import { loadContract } from '../../../kit/contract/contract';
import { contentTypeDocumented } from '../../checks/content-type-documented';
import { errorCodeMatchesStatus } from '../../checks/error-code-matches-status';
import { responseSchemaValid } from '../../checks/response-schema-valid';
import { statusCodeDocumented } from '../../checks/status-code-documented';
import { createCheckContext } from '../../engine/check-context';
import { cannedExchange, findingsOf } from '../support/canned';

const ctx = createCheckContext(loadContract());
const getModel = ctx.operations.get('getModel');
if (!getModel) throw new Error('getModel missing from the spec');
const op = getModel;
const model = op.responses.get('200')?.examples.get('application/json')?.get('gpt4o');
const json = 'application/json';

describe('status-code-documented', () => {
  it('passes a documented status', () => {
    expect(
      findingsOf(
        statusCodeDocumented,
        cannedExchange(op, { status: 404, contentType: json, body: { error: { code: 404, message: 'x' } } }),
        ctx,
      ),
    ).toEqual([]);
  });
  it('fails a status the operation does not document, listing the documented ones', () => {
    const [finding] = findingsOf(
      statusCodeDocumented,
      cannedExchange(op, { status: 402, contentType: json, body: { error: { code: 402, message: 'x' } } }),
      ctx,
    );
    expect(finding).toMatch(/status 402 is not documented for getModel/);
  });
});

describe('content-type-documented', () => {
  it('ignores parameters such as charset', () => {
    expect(
      findingsOf(
        contentTypeDocumented,
        cannedExchange(op, { status: 200, contentType: 'application/json; charset=utf-8', body: model }),
        ctx,
      ),
    ).toEqual([]);
  });
  it('fails a JSON body labelled text/plain', () => {
    expect(
      findingsOf(
        contentTypeDocumented,
        cannedExchange(op, { status: 200, contentType: 'text/plain', body: model }),
        ctx,
      ),
    ).toHaveLength(1);
  });
  it('fails an answer without a content type', () => {
    expect(findingsOf(contentTypeDocumented, cannedExchange(op, { status: 200, body: model }), ctx)[0]).toMatch(
      /without a Content-Type/,
    );
  });
});

describe('response-schema-valid', () => {
  it("passes the spec's own example", () => {
    expect(model).toBeDefined();
    expect(
      findingsOf(responseSchemaValid, cannedExchange(op, { status: 200, contentType: json, body: model }), ctx),
    ).toEqual([]);
  });
  it('names the JSON pointer of every error', () => {
    const broken = {
      data: { ...(model as { data: Record<string, unknown> }).data, created: 'yesterday', context_length: undefined },
    };
    const [finding] = findingsOf(
      responseSchemaValid,
      cannedExchange(op, { status: 200, contentType: json, body: broken }),
      ctx,
    );
    expect(finding).toContain('/data/created must be integer (type)');
    expect(finding).toContain('/data is missing required property "context_length" (required)');
  });
  it('fails a body declared JSON that does not parse', () => {
    expect(
      findingsOf(responseSchemaValid, cannedExchange(op, { status: 200, contentType: json, body: '{"data":' }), ctx)[0],
    ).toMatch(/does not parse/);
  });
  it('accepts members the schema does not list (responses may carry more fields)', () => {
    const extended = {
      data: { ...(model as { data: Record<string, unknown> }).data, hugging_face_id: 'x' },
      extra: true,
    };
    expect(
      findingsOf(responseSchemaValid, cannedExchange(op, { status: 200, contentType: json, body: extended }), ctx),
    ).toEqual([]);
  });
});

describe('error-code-matches-status', () => {
  it('passes when error.code equals the status', () => {
    expect(
      findingsOf(
        errorCodeMatchesStatus,
        cannedExchange(op, { status: 404, contentType: json, body: { error: { code: 404, message: 'x' } } }),
        ctx,
      ),
    ).toEqual([]);
  });
  it('fails when error.code differs from the status', () => {
    expect(
      findingsOf(
        errorCodeMatchesStatus,
        cannedExchange(op, { status: 404, contentType: json, body: { error: { code: 400, message: 'x' } } }),
        ctx,
      )[0],
    ).toMatch(/error.code is 400 but the status is 404/);
  });
  it('fails an error status without the envelope', () => {
    expect(
      findingsOf(
        errorCodeMatchesStatus,
        cannedExchange(op, { status: 500, contentType: 'text/html', body: '<h1>oops</h1>' }),
        ctx,
      ),
    ).toHaveLength(1);
  });
  it('does not apply to successes', () => {
    expect(
      errorCodeMatchesStatus.applies(cannedExchange(op, { status: 200, contentType: json, body: model }), ctx),
    ).toBe(false);
  });
});
