import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startInProcessMock } from '../../mocks/index';
import type { RunningMock } from '../../mocks/index';
import { TrafficFileError, verifyTraffic } from '../index';
import { browserHar } from './support/browser-har';

/** A HAR Redocly CLI's `proxy` wrote in front of the mock (GET a model, POST /responses as JSON and as a stream, the embeddings list). */
const REDOCLY_HAR = path.join(__dirname, 'fixtures', 'redocly-proxy.har');
const DEMO_KEY = 'sk-mock-user';

interface HarDoc {
  log: {
    entries: Array<{
      request: { url: string; headers: Array<{ name: string; value: string }> };
      response: { content: { text?: string } };
    }>;
  };
}

describe('verifyTraffic', () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'verify-'));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  /** The Redocly HAR with `change` applied to its parsed document, written to a file of its own. */
  function changedHar(change: (har: HarDoc) => void, name = 'changed.har'): string {
    const har = JSON.parse(readFileSync(REDOCLY_HAR, 'utf8')) as HarDoc;
    change(har);
    const file = path.join(dir, name);
    writeFileSync(file, JSON.stringify(har, null, 2));
    return file;
  }

  it('judges the traffic of a HAR written by Redocly CLI proxy clean, its stream included', async () => {
    const verified = await verifyTraffic({ files: [REDOCLY_HAR] });
    expect(verified.exchanges).toBe(4);
    expect(verified.violations()).toEqual([]);
    expect(verified.report().passed).toBe(true);
  });

  it('lists in coverage the operations, statuses, features and stream event types exercised and never', async () => {
    const { coverage } = (await verifyTraffic({ files: [REDOCLY_HAR] })).report();
    expect(coverage?.operations).toEqual({
      exercised: ['createResponse', 'listEmbeddingsModels', 'getModel'],
      never: ['unassignGuardrailKeys'],
    });
    expect(coverage?.statuses.getModel?.exercised).toEqual(['200']);
    expect(coverage?.statuses.getModel?.never).toContain('404');
    expect(coverage?.features.exercised).toEqual(['core']);
    expect(coverage?.features.never).toContain('guardrails');
    expect(coverage?.eventTypes.exercised).toEqual(expect.arrayContaining(['response.created', 'response.completed']));
    expect(coverage?.eventTypes.never).toEqual(expect.arrayContaining(['response.failed', 'response.refusal.delta']));
    expect(coverage?.eventTypes.undocumented).toEqual([]);
  });

  it('keeps the Authorization a HAR holds in clear out of every report', async () => {
    const faulty = changedHar((har) => {
      const entry = har.log.entries[1];
      if (entry) entry.response.content.text = `{"id": "${DEMO_KEY}"}`;
    });
    const verified = await verifyTraffic({ files: [faulty] });
    expect(verified.violationCount).toBeGreaterThan(0);
    for (const file of verified.writeReports(path.join(dir, 'reports')))
      expect(readFileSync(file, 'utf8')).not.toContain(DEMO_KEY);
  });

  it('finds a faulty JSON answer inside a HAR', async () => {
    const faulty = changedHar((har) => {
      const entry = har.log.entries[0];
      if (entry) entry.response.content.text = '{"data": {"id": 42}}';
    });
    const verified = await verifyTraffic({ files: [faulty] });
    const checks = verified.violations().map((v) => `${v.check} ${v.operation}`);
    expect(checks).toContain('response-schema-valid getModel');
  });

  it('reads an event stream inside a HAR with the stream rules: a stream without [DONE] fails', async () => {
    const faulty = changedHar((har) => {
      const entry = har.log.entries[2];
      if (entry) entry.response.content.text = (entry.response.content.text ?? '').replace('data: [DONE]\n\n', '');
    });
    const verified = await verifyTraffic({ files: [faulty] });
    expect(verified.violations().map((v) => v.check)).toContain('stream-done-last');
  });

  it('judges a HAR whose writer removed the keys as if each request carried its key, with --keys-removed', async () => {
    const sanitized = changedHar((har) => {
      for (const entry of har.log.entries)
        entry.request.headers = entry.request.headers.filter((h) => h.name.toLowerCase() !== 'authorization');
    });
    const asIs = await verifyTraffic({ files: [sanitized] });
    expect(asIs.withoutKey).toBe(4);
    expect(new Set(asIs.violations().map((v) => v.check))).toEqual(new Set(['request-valid']));
    const keysRemoved = await verifyTraffic({ files: [sanitized], keysRemoved: true });
    expect(keysRemoved.withoutKey).toBe(0);
    expect(keysRemoved.violations()).toEqual([]);
  });

  it('reads NDJSON of HAR entries as it reads the HAR', async () => {
    const har = JSON.parse(readFileSync(REDOCLY_HAR, 'utf8')) as HarDoc;
    const file = path.join(dir, 'traffic.ndjson');
    writeFileSync(file, `${har.log.entries.map((e) => JSON.stringify(e)).join('\n')}\n`);
    const verified = await verifyTraffic({ files: [file, file] });
    expect(verified.exchanges).toBe(8);
    expect(verified.violationCount).toBe(0);
  });

  describe('with a HAR a browser wrote against the mock', () => {
    let mock: RunningMock;
    beforeAll(async () => {
      mock = await startInProcessMock();
    });
    afterAll(() => mock.close());

    it('judges the API traffic and counts what is elsewhere: other hosts, other paths, preflights', async () => {
      const file = path.join(dir, 'browser.har');
      writeFileSync(file, await browserHar(mock.baseUrl, DEMO_KEY));
      const verified = await verifyTraffic({ files: [file] });
      expect(verified.exchanges).toBe(3);
      expect(verified.violations()).toEqual([]);
      expect(verified.skipped).toEqual({
        otherHosts: 1,
        hosts: ['cdn.example'],
        outsideApi: 1,
        preflights: 1,
        withoutText: 0,
      });
    });

    it('judges only the traffic under --base-url when it is given', async () => {
      const file = path.join(dir, 'browser.har');
      writeFileSync(file, await browserHar(mock.baseUrl, DEMO_KEY));
      const verified = await verifyTraffic({ files: [file], baseUrl: 'https://cdn.example/api/v1' });
      expect(verified.exchanges).toBe(0);
      expect(verified.skipped.otherHosts).toBe(5);
    });
  });

  it.each([
    ['a file cut short', '{"log": {"entries": [\n{"request": {', /cut\.har:2: the file ends inside a JSON value/],
    ['text that is not JSON', 'hello', /junk\.har:1: "hello"… where a JSON object was expected/],
    [
      'an entry without a URL',
      '{"request": {"method": "GET", "headers": []}, "response": {"status": 200, "headers": []}}\n',
      /nourl\.har:1: request\.url is not an absolute URL/,
    ],
    ['an empty file', '', /empty\.har: holds no HAR document/],
  ])('refuses %s with one line: the file, where, why', async (_, text, message) => {
    const name = String(message.source.split('\\.')[0]);
    const file = path.join(dir, `${name}.har`);
    writeFileSync(file, text);
    const error = await verifyTraffic({ files: [file] }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(TrafficFileError);
    expect((error as Error).message).toMatch(message);
    expect((error as Error).message).not.toContain('\n');
  });

  it('refuses a file that does not exist, naming it', async () => {
    const error = await verifyTraffic({ files: [path.join(dir, 'missing.har')] }).catch((e: unknown) => e);
    expect((error as Error).message).toMatch(/missing\.har: no such file/);
  });
});
