import { mkdtempSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { runConformanceCli } from '../../../run-conformance-cli';
import type { ConformanceReportJson } from '../../../../conformance/report/html-report';
import { HANDLERS, createMockServer } from '../../../../mocks/index';
import type { Handler } from '../../../../mocks/index';

/** GET /model answering `context_length` as a string: a schema failure the suite must report. */
const brokenGetModel: Handler = async (ctx) => {
  const answer = await HANDLERS.getModel!(ctx);
  if ('stream' in answer) return answer;
  const raw = answer.rawBody;
  const text = typeof raw === 'string' ? raw : raw ? new TextDecoder().decode(raw) : JSON.stringify(answer.body);
  const body = JSON.parse(text) as {
    data: { context_length: unknown };
  };
  body.data.context_length = String(body.data.context_length);
  return { status: answer.status, body };
};

export interface ConformanceRun {
  readonly exitCode: number;
  readonly reportDir: string;
  readonly json: ConformanceReportJson;
}

/**
 * Runs the real conformance CLI against a mock, correct or with one broken operation, and returns
 * what it wrote. The target carries no guardrail, so the guardrail scenarios are skipped.
 */
export async function runConformanceAgainstMock(broken: boolean): Promise<ConformanceRun> {
  const mock = createMockServer({ handlers: broken ? { getModel: brokenGetModel } : {} });
  const baseUrl = await mock.listen(0);
  const reportDir = mkdtempSync(path.join(os.tmpdir(), 'conformance-html-'));
  try {
    const exitCode = await runConformanceCli(
      [
        '--base-url',
        baseUrl,
        '--api-key',
        'sk-mock-user',
        '--management-key',
        'sk-mock-management',
        '--report-dir',
        reportDir,
        '--property-runs',
        '3',
        '--seed',
        '7',
      ],
      {},
      { out: () => undefined, err: () => undefined },
    );
    const json = JSON.parse(readFileSync(path.join(reportDir, 'conformance.json'), 'utf8')) as ConformanceReportJson;
    return { exitCode, reportDir, json };
  } finally {
    await mock.close(500);
  }
}
