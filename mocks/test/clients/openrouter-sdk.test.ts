/**
 * OpenRouter's SDK (`@openrouter/sdk`: `beta.responses.send` and the `callModel` agent loop)
 * against the mock over a real socket. The SDK checks every JSON answer and stream event with its
 * own zod models, so a run that gets this far also shows the answers parse. It is an ES-module-only
 * package, so the flows run in a child process (openrouter/run-openrouter.ts) that reports as JSON.
 */
import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import type { OpenRouterReport } from './openrouter/run-openrouter';
import { useMock } from '../helpers/start-mock';

const get = useMock();
let report: OpenRouterReport;

beforeAll(async () => {
  const script = path.join(__dirname, 'openrouter', 'run-openrouter.ts');
  const { stdout } = await promisify(execFile)(process.execPath, ['--import', 'tsx', script, get().baseUrl], {
    cwd: path.join(__dirname, '..', '..', '..'),
  });
  report = JSON.parse(stdout) as OpenRouterReport;
}, 60_000);

describe("OpenRouter's SDK against the mock", () => {
  it('sends a request and reads the answer, usage included', () => {
    expect(report.send).toEqual({ text: 'Hello! How can I help you today?', status: 'completed', cacheWriteTokens: 0 });
  });

  it('streams events whose text deltas make the story, up to response.completed', () => {
    expect(report.stream.types[0]).toBe('response.created');
    expect(report.stream.types.at(-1)).toBe('response.completed');
    expect(report.stream.text.startsWith('Once upon a time')).toBe(true);
  });

  it('yields the error and response.failed events of a stream that fails mid-answer, and does not throw (by design)', () => {
    expect(report.failingStream.types.filter((type) => type === 'response.output_text.delta')).toHaveLength(3);
    expect(report.failingStream.types.slice(-2)).toEqual(['error', 'response.failed']);
    expect(report.failingStream.errorCode).toBe('server_error');
    expect(report.failingStream.threw).toBeUndefined();
  });

  it('runs a callModel tool loop to a text answer in two requests', () => {
    expect(report.toolLoop).toEqual({
      text: 'get_weather returned {"city":"Paris","celsius":21}.',
      requests: 2,
      executed: ['Paris'],
    });
  });

  it('raises its typed errors for 400 and 401', () => {
    expect(report.errors).toEqual([
      { status: 400, errorClass: 'BadRequestResponseError' },
      { status: 401, errorClass: 'UnauthorizedResponseError' },
    ]);
  });
});
