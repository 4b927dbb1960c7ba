import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { curlCommand, rawRequestCommand } from '../../http/curl-command';
import { printable } from '../../engine/printable';

const run = promisify(execFile);
/** Bytes no terminal, HTML page or XML file carries as they are. */
const CONTROL = /[\x00-\x08\x0b-\x1f\x7f]/;

/** What bash makes of a command's words: each argument on a line of its own, NUL-free. */
async function words(command: string, env: Record<string, string> = {}): Promise<string[]> {
  const printer = command.replace(/^curl /, `printf '%s\\n' `);
  const { stdout } = await run('bash', ['-c', printer], { env: { ...process.env, ...env } });
  return stdout.split('\n').slice(0, -1);
}

describe('curlCommand', () => {
  it('writes control bytes with $-quoting, so the line is printable and bash restores them', async () => {
    const command = curlCommand({
      method: 'POST',
      url: 'http://127.0.0.1:9/api/v1/responses',
      headers: { Authorization: 'Bearer $API_KEY', 'X-Title': "it's conformance\x01value" },
      rawBody: '{"input":"a\\tb"}',
    });
    expect(command).not.toMatch(CONTROL);
    expect(command).toContain("-H $'X-Title: it\\'s conformance\\x01value'");
    expect(await words(command, { API_KEY: 'sk-from-env' })).toEqual([
      '-sS',
      '-X',
      'POST',
      'http://127.0.0.1:9/api/v1/responses',
      '-H',
      'Authorization: Bearer sk-from-env',
      '-H',
      "X-Title: it's conformance\x01value",
      '--data-raw',
      '{"input":"a\\tb"}',
    ]);
  });

  it('expands nothing but the variables that stand for secrets', async () => {
    const command = curlCommand({
      method: 'GET',
      url: 'http://127.0.0.1:9/api/v1/models?q=$HOME',
      headers: { 'X-Portkey-Provider': 'openai', 'X-Note': '`id` $(id) $home' },
    });
    expect(await words(command)).toEqual([
      '-sS',
      '-X',
      'GET',
      'http://127.0.0.1:9/api/v1/models?q=$HOME',
      '-H',
      'X-Portkey-Provider: openai',
      '-H',
      'X-Note: `id` $(id) $home',
    ]);
  });
});

describe('rawRequestCommand', () => {
  it('writes a header with a NUL as printf escapes, the secrets as arguments from the environment', async () => {
    const command = rawRequestCommand({
      method: 'GET',
      url: 'http://127.0.0.1:9/api/v1/models',
      headers: { Authorization: 'Bearer $API_KEY', 'X-Title': 'conformance\x00value 100%' },
    });
    expect(command).not.toMatch(CONTROL);
    const printf = /(env printf .*?) >&3/.exec(command)?.[1] ?? '';
    const { stdout } = await run('bash', ['-c', printf], { env: { ...process.env, API_KEY: 'sk-from-env' } });
    expect(stdout).toBe(
      'GET /api/v1/models HTTP/1.1\r\nHost: 127.0.0.1:9\r\nAuthorization: Bearer sk-from-env\r\nX-Title: conformance\x00value 100%\r\nConnection: close\r\n\r\n',
    );
  });
});

describe('printable', () => {
  it('writes control bytes as \\xHH in every string, keeping line breaks and tabs', () => {
    expect(printable({ a: ['x\x00y\x1b'], 'k\x7f': 'line\n\tnext' })).toEqual({
      a: ['x\\x00y\\x1b'],
      'k\\x7f': 'line\n\tnext',
    });
  });
});
